# Successive over-relaxation (SciMark 2.0 SOR): Gauss-Seidel sweeps (in place) over a
# 40x40 grid with omega = 1.25 (40 sweeps); stresses 2-D stencil reads/writes.
make_grid <- function(n) {
  g <- matrix(0, n, n)
  for (i in 1:n) for (j in 1:n) g[i, j] <- ((i * 13L + j * 5L) %% 19L) / 19
  g
}

sor <- function(g, omega, cycles) {
  n <- nrow(g)
  m <- ncol(g)
  omega_over_four <- omega * 0.25
  one_minus_omega <- 1 - omega
  for (p in 1:cycles) {
    for (i in 2:(n - 1L)) {
      for (j in 2:(m - 1L)) {
        g[i, j] <- omega_over_four * (g[i - 1L, j] + g[i + 1L, j] + g[i, j - 1L] + g[i, j + 1L]) +
          one_minus_omega * g[i, j]
      }
    }
  }
  g
}

grid0 <- make_grid(40L)

run <- function() {
  g <- sor(grid0, 1.25, 40L)
  s <- 0
  for (i in 1:nrow(g)) for (j in 1:ncol(g)) s <- s + g[i, j] * (1 + (i * j) %% 3L)
  sprintf("%.6f", c(s, g[20, 20]))
}

print(run())
