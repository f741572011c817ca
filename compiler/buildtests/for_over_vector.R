# `for (v in x)` over the elements of a double vector (the loop variable is
# each element, not an index), with `abs` and `sqrt` as builtins on doubles.
# functions: norm2
norm2 <- function(x) {
  s <- 0
  for (v in x) s <- s + abs(v) * abs(v)
  sqrt(s)
}
for (k in 1:20) norm2(c(3, -4, 12))
