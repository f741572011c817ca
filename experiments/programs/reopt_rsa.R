# Toy RSA: encrypts and decrypts a block of messages with modular
# exponentiation by squaring. The key (exponents and modulus) is integer for
# the first 10 iterations and double afterwards (driven by the global
# iteration counter), so `modexp`'s arithmetic changes type partway through.
iter <- 0

# p = 181, q = 191: n = 34571, phi = 34200, e = 7, d = 19543 (n^2 < 2^31)
key_int <- list(n = 34571L, e = 7L, d = 19543L)
key_dbl <- list(n = 34571, e = 7, d = 19543)

modexp <- function(base, e, m) {
  result <- 1L
  b <- base %% m
  while (e > 0) {
    if (e %% 2L == 1L) result <- (result * b) %% m
    e <- e %/% 2L
    b <- (b * b) %% m
  }
  result
}

rsa_round <- function(key, nmsg) {
  checksum <- 0
  ok <- 0L
  for (msg in 1:nmsg) {
    m <- (msg * 7919L) %% key$n
    c <- modexp(m, key$e, key$n)
    back <- modexp(c, key$d, key$n)
    if (back == m) ok <- ok + 1L
    checksum <- (checksum + c) %% 1000003
  }
  c(ok, checksum)
}

run <- function() {
  iter <<- iter + 1
  key <- if (iter <= 10) key_int else key_dbl
  rsa_round(key, 6000L)
}

print(run())
