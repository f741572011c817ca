# stop() inside a function: "Error in f(x) : msg".
f <- function(x) {
  if (x > 1) stop("x is too large: ", x)
  x
}
print(f(1))
f(5)
