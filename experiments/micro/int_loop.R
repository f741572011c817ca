# Scalar integer counting loop.
count <- function(n) {
  s <- 0L
  for (i in 1:n) {
    if (i %% 3L == 0L) s <- s + 1L
  }
  s
}
bench <- function() count(2000000L)
