# Sieve of Eratosthenes.
sieve <- function(n) {
  is_prime <- rep(TRUE, n)
  is_prime[1] <- FALSE
  i <- 2
  while (i * i <= n) {
    if (is_prime[i]) {
      j <- i * i
      while (j <= n) { is_prime[j] <- FALSE; j <- j + i }
    }
    i <- i + 1
  }
  which(is_prime)
}
p <- sieve(10000)
print(length(p))
print(sum(p))
print(head(p, 20))
print(tail(p, 5))
