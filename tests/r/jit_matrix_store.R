# Stores into double matrices (m[i, j] <- v) and loads with computed indices
# (m[i - 1L, j]) in compiled loops; copy-on-write of a shared matrix; an
# integer matrix (not speculated as double).
fill <- function(n) {
  g <- matrix(0, n, n)
  for (i in 1:n) for (j in 1:n) g[i, j] <- ((i * 13L + j * 5L) %% 19L) / 19
  g
}
smooth <- function(g) {
  for (i in 2:(nrow(g) - 1L)) for (j in 2:(ncol(g) - 1L))
    g[i, j] <- (g[i - 1L, j] + g[i + 1L, j] + g[i, j - 1L] + g[i, j + 1L]) / 4
  g
}
for (k in 1:3) { g <- fill(6L); h <- smooth(g); print(sum(g)); print(round(sum(h), 6)) }
g <- fill(4L); h <- g; h[2, 2] <- 100; print(g[2, 2]); print(h[2, 2])
print(smooth(matrix(1:16, 4)))
# nrow/ncol inlined: a loop over the dims, also of an empty-row matrix.
dims_sum <- function(m) {
  s <- 0
  for (k in 1:3) s <- s + nrow(m) * 10 + ncol(m)
  s
}
for (k in 1:3) print(dims_sum(matrix(0, 2, 5)))
print(dims_sum(matrix(numeric(0), 0, 4)))
print(dims_sum(matrix(1:6, 3)))
