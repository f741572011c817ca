# Spectral norm of the infinite matrix A(i,j) = 1/((i+j)(i+j+1)/2+i+1)
# (Computer Language Benchmarks Game), by power iteration with explicit loops.
eval_a <- function(i, j) 1 / ((i + j) * (i + j + 1) / 2 + i + 1)

mul_av <- function(v, n) {
  av <- numeric(n)
  for (i in 1:n) {
    s <- 0
    for (j in 1:n) s <- s + eval_a(i - 1, j - 1) * v[j]
    av[i] <- s
  }
  av
}

mul_atv <- function(v, n) {
  atv <- numeric(n)
  for (i in 1:n) {
    s <- 0
    for (j in 1:n) s <- s + eval_a(j - 1, i - 1) * v[j]
    atv[i] <- s
  }
  atv
}

mul_atav <- function(v, n) mul_atv(mul_av(v, n), n)

spectral_norm <- function(n) {
  u <- rep(1, n)
  v <- numeric(n)
  for (k in 1:10) {
    v <- mul_atav(u, n)
    u <- mul_atav(v, n)
  }
  vbv <- 0
  vv <- 0
  for (i in 1:n) {
    vbv <- vbv + u[i] * v[i]
    vv <- vv + v[i] * v[i]
  }
  sqrt(vbv / vv)
}

run <- function() sprintf("%.9f", spectral_norm(40L))

print(run())
