# Functions with `...` compile: `...` passed on to builtins and closures,
# `..1`, named arguments in the dots, called in hot loops; seq_along of a
# scalar in a compiled loop.
wsum <- function(x, ...) {
  s <- 0
  for (i in seq_along(x)) s <- s + x[i]
  s + sum(...)
}
fmt <- function(..., sep = "-") paste(..., sep = sep)
first <- function(...) ..1 * 2
pass <- function(f, ...) f(...)
for (r in 1:300) {
  a <- wsum(c(1, 2, r), 4, 5)
  b <- fmt("a", r %% 3, sep = "+")
  d <- first(r, "ignored")
  e <- pass(function(u, v = 10) u + v, r, v = 1)
  g <- wsum(r)
}
print(c(a, d, e, g))
print(b)
print(fmt("x", "y"))
r <- tryCatch(first(), error = function(e) conditionMessage(e))
print(r)
count_scalar <- function(v) { n <- 0; for (k in seq_along(v)) n <- n + k; n }
for (r in 1:300) cs <- count_scalar(r * 1.5)
print(cs)
print(count_scalar(c(TRUE, FALSE, NA)))
print(count_scalar(NULL))
