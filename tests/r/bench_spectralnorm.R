# Spectral norm (small n), as in the shootout benchmark.
A <- function(i, j) 1 / ((i + j) * (i + j + 1) / 2 + i + 1)
mul_Av <- function(v) { n <- length(v); r <- numeric(n); for (i in 1:n) { s <- 0; for (j in 1:n) s <- s + A(i - 1, j - 1) * v[j]; r[i] <- s }; r }
mul_Atv <- function(v) { n <- length(v); r <- numeric(n); for (i in 1:n) { s <- 0; for (j in 1:n) s <- s + A(j - 1, i - 1) * v[j]; r[i] <- s }; r }
mul_AtAv <- function(v) mul_Atv(mul_Av(v))
n <- 30
u <- rep(1, n)
for (k in 1:10) { v <- mul_AtAv(u); u <- mul_AtAv(v) }
cat(sprintf("%.9f\n", sqrt(sum(u * v) / sum(v * v))))
