# if on NA inside a function reports the if call.
check <- function(v) {
  if (v > 0) "pos" else "non-pos"
}
print(check(1))
check(NA)
