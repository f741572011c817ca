# Fannkuch-redux (n = 6): max flips and checksum.
fannkuch <- function(n) {
  perm1 <- 0:(n - 1)
  count <- integer(n)
  max_flips <- 0; checksum <- 0; perm_count <- 0
  r <- n
  repeat {
    while (r != 1) { count[r] <- r; r <- r - 1 }
    perm <- perm1
    flips <- 0
    k <- perm[1]
    while (k != 0) {
      perm[1:(k + 1)] <- rev(perm[1:(k + 1)])
      flips <- flips + 1
      k <- perm[1]
    }
    if (flips > max_flips) max_flips <- flips
    checksum <- checksum + if (perm_count %% 2 == 0) flips else -flips
    repeat {
      if (r == n) return(c(checksum, max_flips))
      p0 <- perm1[1]
      perm1[1:r] <- perm1[2:(r + 1)]
      perm1[r + 1] <- p0
      count[r + 1] <- count[r + 1] - 1
      if (count[r + 1] > 0) break
      r <- r + 1
    }
    perm_count <- perm_count + 1
  }
}
res <- fannkuch(6)
cat(res[1], "\nPfannkuchen(6) =", res[2], "\n")
