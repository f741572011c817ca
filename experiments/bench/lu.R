# LU factorisation with partial pivoting (SciMark 2.0 LU) of a deterministic
# 50x50 matrix, then a solve; stresses m[i, j] updates and row swaps.
make_matrix <- function(n) {
  m <- matrix(0, n, n)
  for (i in 1:n) {
    for (j in 1:n) {
      m[i, j] <- ((i * 37L + j * 11L) %% 23L) / 23 + if (i == j) 2 else 0
    }
  }
  m
}

lu_factor <- function(a) {
  n <- nrow(a)
  piv <- 1:n
  for (j in 1:n) {
    # find pivot in column j
    p <- j
    best <- abs(a[j, j])
    if (j < n) {
      for (i in (j + 1L):n) {
        v <- abs(a[i, j])
        if (v > best) { best <- v; p <- i }
      }
    }
    if (p != j) {
      for (k in 1:n) {
        t <- a[p, k]; a[p, k] <- a[j, k]; a[j, k] <- t
      }
      t <- piv[p]; piv[p] <- piv[j]; piv[j] <- t
    }
    if (j < n) {
      recp <- 1 / a[j, j]
      for (i in (j + 1L):n) {
        a[i, j] <- a[i, j] * recp
        f <- a[i, j]
        for (k in (j + 1L):n) a[i, k] <- a[i, k] - f * a[j, k]
      }
    }
  }
  list(lu = a, piv = piv)
}

lu_solve <- function(f, b) {
  a <- f$lu
  n <- nrow(a)
  x <- numeric(n)
  for (i in 1:n) x[i] <- b[f$piv[i]]
  for (i in 2:n) {
    s <- x[i]
    for (j in 1:(i - 1L)) s <- s - a[i, j] * x[j]
    x[i] <- s
  }
  for (i in n:1) {
    s <- x[i]
    if (i < n) for (j in (i + 1L):n) s <- s - a[i, j] * x[j]
    x[i] <- s / a[i, i]
  }
  x
}

a0 <- make_matrix(50L)

run <- function() {
  f <- lu_factor(a0)
  n <- nrow(a0)
  b <- numeric(n)
  for (i in 1:n) b[i] <- i %% 5L
  x <- lu_solve(f, b)
  # residual of A x - b
  res <- 0
  for (i in 1:n) {
    s <- 0
    for (j in 1:n) s <- s + a0[i, j] * x[j]
    res <- res + abs(s - b[i])
  }
  det_sign <- 0
  for (i in 1:n) det_sign <- det_sign + log(abs(f$lu[i, i]))
  c(sprintf("%.6f", c(sum(x), det_sign)), res < 1e-9)
}

print(run())
