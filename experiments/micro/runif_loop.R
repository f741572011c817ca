# One random draw per iteration (Monte Carlo style).
hits <- function(n) {
  k <- 0L
  for (i in 1:n) if (runif(1) < 0.3) k <- k + 1L
  k
}
bench <- function() { set.seed(42); hits(200000L) }
