# Loops whose bounds are doubles: compiled code counts in integers when the
# bound is integral (`isint.d`) and exits to the interpreter when it is not.
count_to <- function(n) {
  s <- 0L
  for (i in 1:n) s <- s + i
  s
}
span_sum <- function(a, b) {
  s <- 0
  for (x in a:b) s <- s + x
  s
}
nested <- function(n) {
  t <- 0
  for (i in 1:n) for (j in 1:(n / 2)) t <- t + i * j
  t
}
for (k in 1:5) print(count_to(10))
print(count_to(2.5))

for (k in 1:3) print(span_sum(1, 4))
print(span_sum(1.5, 4))
print(span_sum(-2, 2))
print(span_sum(3, 1))
for (k in 1:3) print(nested(6))
print(nested(5))
print(count_to(NA_real_))
