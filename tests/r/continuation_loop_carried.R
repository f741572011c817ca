# A local assigned in one iteration of a loop and read after it, where
# deoptless continuations enter the loop in the middle of its body (at the
# `if`) while the local is still unbound: the loop brings it back bound to
# the continuation's entry block in later iterations, and every exit after
# that must resume with it bound (`--whole-continuations`, chaos).
copies <- function(n) {
  x <- integer(n)
  keep <- x
  for (i in 1:n) {
    x[i] <- i
    if (i == n %/% 2) snap <- x
  }
  c(sum(keep), sum(snap), sum(x))
}
for (r in 1:30) cc <- copies(40)
print(cc)

# The same with the local read inside the loop after its first assignment,
# and a running value that changes type on the way.
running <- function(n) {
  best <- NULL
  acc <- 0L
  for (i in seq_len(n)) {
    acc <- acc + i
    if (i %% 7 == 0) best <- c(best, acc)
    if (i > 20 && length(best) > 2) acc <- acc / 2
  }
  list(best = best, acc = acc)
}
for (r in 1:25) res <- running(30 + r %% 3)
print(res)
