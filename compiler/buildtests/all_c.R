# `all(c(...))` and `any(c(...))` of scalar comparisons: no vector is built,
# the comparisons combine as native booleans.
# functions: inside
inside <- function(x, y, r) {
  hits <- 0L
  for (i in 1:10) {
    if (all(c(x > 0, y > 0, x < r, y < r))) hits <- hits + 1L
    if (any(c(x > r, y > r))) hits <- hits + 2L
  }
  hits
}
for (k in 1:20) inside(1.5, 2.5, 3)
