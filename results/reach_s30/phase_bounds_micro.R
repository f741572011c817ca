# A loop whose element read `m[k]` sees k == 0 (an empty vector) only after
# the code was compiled, and `length(v)` of the scalar or empty result
# (results/reach_s30/summary.md).
f <- function(n, p) {
  m <- c(1.5, 2.5, 3.5)
  s <- 0
  for (i in 1:n) {
    k <- if (i %% p == 0L) 0L else 1L + i %% 3L
    v <- m[k]
    if (length(v) == 0L) next
    s <- s + v
  }
  s
}
# P: a zero index every P iterations after three calls without (P = 10
# measured; 1000000000L: never).
P <- 10L
for (r in 1:3) print(f(100000L, 1000000000L))
for (r in 1:3) print(f(100000L, P))
