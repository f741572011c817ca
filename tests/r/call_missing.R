# missing() on arguments with and without defaults.
f <- function(x, y) {
  if (missing(y)) "y missing" else paste("y =", y)
}
print(f(1)); print(f(1, 2))
g <- function(a = 5) missing(a)
print(g()); print(g(5))
h <- function(x) if (missing(x)) "none" else x
print(h())
print(h("given"))
k <- function(n, step) {
  if (missing(step)) step <- 1
  seq(1, n, by = step)
}
print(k(5)); print(k(9, 4))
