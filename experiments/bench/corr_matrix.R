# Matrix statistics the way an R user writes them: a 300 x 6 data matrix from
# two latent factors, column means and standard deviations by apply(), the
# correlation matrix by crossprod / outer() (checked against a double loop),
# the strongest pair from upper.tri(), row standardisation by apply() and
# aperm(), Jacobi eigenvalues of the correlation matrix, and a bootstrap of
# the share of variance of the first principal component.

make_data <- function(n) {
  f1 <- rnorm(n)
  f2 <- rnorm(n)
  x <- cbind(f1 + rnorm(n, sd = 0.5), 2 * f1 + rnorm(n), f2 + rnorm(n, sd = 0.3),
             f1 - f2 + rnorm(n, sd = 0.8), rnorm(n), 0.5 * f2 + rexp(n))
  colnames(x) <- c("height", "weight", "speed", "balance", "noise", "skew")
  x
}

correlation <- function(x) {
  n <- nrow(x)
  means <- apply(x, 2, mean)
  sds <- apply(x, 2, function(col) sqrt(sum((col - mean(col))^2) / (n - 1)))
  xc <- x - rep(means, each = n)
  cv <- crossprod(xc) / (n - 1)
  cv / outer(sds, sds)
}

correlation_loop <- function(x) {
  p <- ncol(x)
  n <- nrow(x)
  r <- matrix(1, p, p)
  for (a in 1:(p - 1)) {
    for (b in (a + 1):p) {
      ma <- mean(x[, a])
      mb <- mean(x[, b])
      sab <- 0
      saa <- 0
      sbb <- 0
      for (i in 1:n) {
        da <- x[i, a] - ma
        db <- x[i, b] - mb
        sab <- sab + da * db
        saa <- saa + da * da
        sbb <- sbb + db * db
      }
      r[a, b] <- sab / sqrt(saa * sbb)
      r[b, a] <- r[a, b]
    }
  }
  r
}

jacobi_eigen <- function(a, tol) {
  p <- nrow(a)
  sweeps <- 0
  repeat {
    off <- sum(a[upper.tri(a)]^2)
    if (off < tol || sweeps >= 50) break
    sweeps <- sweeps + 1
    for (i in 1:(p - 1)) {
      for (j in (i + 1):p) {
        if (abs(a[i, j]) > 1e-300) {
          theta <- (a[j, j] - a[i, i]) / (2 * a[i, j])
          t <- sign(theta) / (abs(theta) + sqrt(theta * theta + 1))
          if (theta == 0) t <- 1
          c <- 1 / sqrt(t * t + 1)
          s <- t * c
          for (k in 1:p) {
            aki <- a[k, i]
            akj <- a[k, j]
            a[k, i] <- c * aki - s * akj
            a[k, j] <- s * aki + c * akj
          }
          for (k in 1:p) {
            aik <- a[i, k]
            ajk <- a[j, k]
            a[i, k] <- c * aik - s * ajk
            a[j, k] <- s * aik + c * ajk
          }
        }
      }
    }
  }
  sort(diag(a), decreasing = TRUE)
}

run <- function() {
  set.seed(4242)
  op <- options(digits = 4)
  on.exit(options(op))
  x <- make_data(300)
  r <- correlation(x)
  r_loop <- correlation_loop(x)
  p <- ncol(r)
  idx <- which(upper.tri(r))
  k <- idx[which.max(abs(r[idx]))]
  strongest <- c(rownames(r)[(k - 1) %% p + 1], colnames(r)[(k - 1) %/% p + 1])
  symmetric <- identical(r[upper.tri(r)], aperm(r)[upper.tri(r)]) &&
    all(abs(r[lower.tri(r)] - t(r)[lower.tri(r)]) < 1e-12)
  z <- aperm(apply(x, 1, function(row) (row - mean(row)) / sqrt(sum((row - mean(row))^2))))
  ev <- jacobi_eigen(r, 1e-20)
  shares <- numeric(12)
  for (b in 1:12) {
    rb <- correlation(x[sample.int(nrow(x), replace = TRUE), ])
    shares[b] <- jacobi_eigen(rb, 1e-18)[1] / p
  }
  list(cor = round(r, 3),
       loop_agrees = max(abs(r - r_loop)) < 1e-12,
       strongest = strongest,
       symmetric = symmetric,
       row_norms = format(range(rowSums(z * z))),
       eigen = format(ev),
       trace = format(sum(ev)),
       pc1_share = format(c(ev[1] / p, min(shares), max(shares))))
}

print(run())
