# A 3-d simulation grid: diffusion on an n x n x n array updated in a hot
# loop with a[i, j, k] reads and writes, then summaries over its margins.
n <- 8
g <- array(0, dim = c(n, n, n))
for (i in 1:n) for (j in 1:n) for (k in 1:n) {
  g[i, j, k] <- ((i * 7 + j * 3 + k * 5) %% 11) / 10
}
cat("initial sum:", sum(g), "mean:", mean(g), "\n")

step <- function(g) {
  n <- dim(g)[1]
  h <- g
  for (i in 2:(n - 1)) for (j in 2:(n - 1)) for (k in 2:(n - 1)) {
    h[i, j, k] <- (g[i - 1, j, k] + g[i + 1, j, k] +
                   g[i, j - 1, k] + g[i, j + 1, k] +
                   g[i, j, k - 1] + g[i, j, k + 1]) / 6
  }
  h
}
for (s in 1:5) g <- step(g)
cat("after 5 steps:", format(sum(g), digits = 10), "\n")
print(round(g[2:4, 2:4, 4], 4))
print(dim(g)); print(length(g))

# Margins
print(round(apply(g, 3, sum), 3))
print(round(apply(g, 1, max), 3))
print(round(apply(g, c(1, 2), mean)[1:3, 1:3], 4))
layer_max <- apply(g, 3, function(m) which.max(m))
print(layer_max)

# Integer grid with a count per cell, incremented in a hot loop
cnt <- array(0L, c(3, 4, 2))
set.seed(42)
for (r in 1:500) {
  i <- sample(3, 1); j <- sample(4, 1); k <- sample(2, 1)
  cnt[i, j, k] <- cnt[i, j, k] + 1L
}
print(cnt)
print(sum(cnt))
print(typeof(cnt))
print(apply(cnt, 3, sum))
print(apply(cnt, c(1, 3), sum))

# Whole slices assigned and read
cnt[, , 2] <- 0L
cnt[2, , ] <- -1L
print(cnt)
print(cnt[, 2, ])
print(cnt[3, 4, 1])
