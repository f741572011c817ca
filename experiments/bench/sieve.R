# Sieve (Are We Fast Yet): sieve of Eratosthenes over a logical vector of 5000
# flags; counts the primes. Stresses logical vector writes in while loops.
sieve <- function(flags, size) {
  prime_count <- 0L
  for (i in 2:size) {
    if (flags[i - 1L]) {
      prime_count <- prime_count + 1L
      k <- i + i
      while (k <= size) {
        flags[k - 1L] <- FALSE
        k <- k + i
      }
    }
  }
  prime_count
}

run <- function() {
  total <- 0L
  for (r in 1:20) {
    flags <- rep(TRUE, 5000L)
    total <- total + sieve(flags, 5000L)
  }
  total
}

print(run())
