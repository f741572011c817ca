# Scalar integer counting loop.
count <- function(n) {
  s <- 0L
  for (i in 1:n) {
    if (i %% 3L == 0L) s <- s + 1L
  }
  s
}
print(count(4000000L))
