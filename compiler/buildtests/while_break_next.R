# `while` with `next` and `break` (Collatz steps), and `repeat` with a
# `break` as its only exit.
# functions: collatz, first_square_above
collatz <- function(n) {
  steps <- 0L
  while (TRUE) {
    if (n == 1L) break
    steps <- steps + 1L
    if (n %% 2L == 0L) {
      n <- n %/% 2L
      next
    }
    n <- 3L * n + 1L
  }
  steps
}
first_square_above <- function(m) {
  i <- 0L
  repeat {
    i <- i + 1L
    if (i * i > m) break
  }
  i
}
for (k in 1:20) {
  collatz(27L)
  first_square_above(50L)
}
