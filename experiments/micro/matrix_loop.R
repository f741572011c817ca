# Nested loops with matrix indexing.
mat_sum <- function(m) {
  s <- 0
  for (i in 1:nrow(m)) {
    for (j in 1:ncol(m)) {
      s <- s + m[i, j] * (i - j)
    }
  }
  s
}
m <- matrix(as.double(1:250000), 500, 500)
bench <- function() mat_sum(m)
