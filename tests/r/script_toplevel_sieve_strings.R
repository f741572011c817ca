# sieve + string building at top level, the way a script does it
n <- 20000
is_p <- rep(TRUE, n)
is_p[1] <- FALSE
for (i in 2:floor(sqrt(n))) {
  if (is_p[i]) {
    j <- i * i
    while (j <= n) { is_p[j] <- FALSE; j <- j + i }
  }
}
primes <- which(is_p)
cat("count:", length(primes), "\n")
s <- ""
for (p in primes[1:50]) s <- paste0(s, p %% 10)
cat(s, "\n")
acc <- 0
for (k in seq_along(primes)) {
  if (k %% 2 == 0) next
  acc <- acc + primes[k] / k
}
cat(sprintf("%.4f\n", acc))
