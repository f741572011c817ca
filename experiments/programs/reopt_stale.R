# Stale feedback: `norm1` (sum of absolute values with a branch) sees integer
# vectors for the first 10 iterations, then double vectors forever after, so
# the feedback and code specialised during the first phase become stale.
iter <- 0

norm1 <- function(x) {
  s <- 0
  for (i in seq_along(x)) {
    v <- x[i]
    if (v < 0) s <- s - v else s <- s + v
  }
  s
}

n <- 400000L
x_int <- (1:n) %% 11L - 5L
x_dbl <- x_int * 0.5

run <- function() {
  iter <<- iter + 1
  x <- if (iter <= 10) x_int else x_dbl
  norm1(x)
}

print(run())
