# 2-D Ising model by the Metropolis algorithm: a 20 x 20 periodic lattice of
# spins started at random (sample), single-spin flips accepted with runif
# against a precomputed table of exp(-dE / T), swept at three temperatures
# around the critical one; magnetisation, energy and acceptance rate per
# temperature, reported with options(digits = 4) through format().

lattice_energy <- function(s) {
  n <- nrow(s)
  right <- s[, c(2:n, 1)]
  down <- s[c(2:n, 1), ]
  -sum(s * right + s * down)
}

metropolis <- function(s, temp, sweeps) {
  n <- nrow(s)
  boltz <- exp(-c(4, 8) / temp)
  accepted <- 0
  mags <- numeric(sweeps)
  for (sw in seq_len(sweeps)) {
    for (i in 1:n) {
      up <- if (i == 1) n else i - 1
      dn <- if (i == n) 1 else i + 1
      for (j in 1:n) {
        lf <- if (j == 1) n else j - 1
        rt <- if (j == n) 1 else j + 1
        nb <- s[up, j] + s[dn, j] + s[i, lf] + s[i, rt]
        de <- 2 * s[i, j] * nb
        if (de <= 0 || runif(1) < boltz[de / 4]) {
          s[i, j] <- -s[i, j]
          accepted <- accepted + 1
        }
      }
    }
    mags[sw] <- abs(sum(s)) / (n * n)
  }
  list(s = s, mags = mags, rate = accepted / (sweeps * n * n))
}

run <- function() {
  set.seed(1925)
  op <- options(digits = 4)
  on.exit(options(op))
  n <- 20
  temps <- c(1.5, 2.27, 3.5)
  report <- character(0)
  for (temp in temps) {
    s <- matrix(sample(c(-1, 1), n * n, replace = TRUE), n, n)
    res <- metropolis(s, temp, 30)
    keep <- res$mags[11:30]
    report <- c(report, paste("T", format(temp), "m", format(mean(keep)),
                              "e", format(lattice_energy(res$s) / (n * n)),
                              "acc", format(res$rate)))
  }
  report
}

print(run())
