# Matrix reads `m[i, j]` in a nested loop over `1:nrow(m)` and `1:ncol(m)`
# (the sum of the elements of a double matrix).
# functions: msum
msum <- function(m) {
  s <- 0
  for (i in 1:nrow(m)) for (j in 1:ncol(m)) s <- s + m[i, j]
  s
}
m <- matrix(as.double(1:12), 3, 4)
for (k in 1:20) msum(m)
