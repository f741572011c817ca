# Fannkuch-redux (Computer Language Benchmarks Game): count pancake flips over
# all permutations of 1..n; returns the checksum and the maximum flip count.
fannkuch <- function(n) {
  perm1 <- 0:(n - 1L)
  count <- integer(n)
  perm <- integer(n)
  max_flips <- 0L
  checksum <- 0L
  perm_count <- 0L
  r <- n
  repeat {
    while (r != 1L) {
      count[r] <- r
      r <- r - 1L
    }
    for (i in 1:n) perm[i] <- perm1[i]
    flips <- 0L
    k <- perm[1]
    while (k != 0L) {
      i <- 1L
      j <- k + 1L
      while (i < j) {
        t <- perm[i]
        perm[i] <- perm[j]
        perm[j] <- t
        i <- i + 1L
        j <- j - 1L
      }
      flips <- flips + 1L
      k <- perm[1]
    }
    if (flips > max_flips) max_flips <- flips
    if (perm_count %% 2L == 0L) checksum <- checksum + flips else checksum <- checksum - flips
    repeat {
      if (r == n) return(c(checksum, max_flips))
      perm0 <- perm1[1]
      for (i in 1:r) perm1[i] <- perm1[i + 1L]
      perm1[r + 1L] <- perm0
      count[r + 1L] <- count[r + 1L] - 1L
      if (count[r + 1L] > 0L) break
      r <- r + 1L
    }
    perm_count <- perm_count + 1L
  }
}

run <- function() {
  res <- integer(2)
  for (r in 1:2) res <- res + fannkuch(7L)
  res
}

print(run())
