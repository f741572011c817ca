moving_avg <- function(x, k = 3L, n = length(x)) {
  out <- numeric(n - k + 1L)
  for (i in seq_len(n - k + 1L)) {
    s <- 0
    for (j in 0:(k - 1L)) s <- s + x[i + j]
    out[i] <- s / k
  }
  out
}
x <- sin(1:200)
for (r in 1:100) m <- moving_avg(x)
print(round(sum(m), 6))
