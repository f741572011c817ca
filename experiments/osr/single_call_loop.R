# OSR-in benchmark: the program's only work is ONE call running a 10-million-
# iteration loop, so without OSR-in it never leaves the interpreter (the function
# is called once, far below --jit-threshold).
loop <- function(n) {
  s <- 0
  k <- 0L
  for (i in 1:n) {
    s <- s + i * 0.5
    if (i %% 3L == 0L) k <- k + 1L
  }
  s + k
}
t0 <- proc.time()[[3]]
r <- loop(10000000L)
t1 <- proc.time()[[3]]
cat(sprintf("%.1f\n", r))
message(sprintf("elapsed %.6f", t1 - t0))
