# while loops over counters: `i <- 1; while (i <= n) { ...; i <- i + 1 }` as
# in textbook R. Digit sums and digital roots, Euclid's gcd chains (the gcd
# and step count for pairs of numbers), a count of coprime pairs, and the
# integer square root by a counting loop.
digit_sum <- function(x) {
  s <- 0
  while (x > 0) {
    s <- s + x %% 10
    x <- x %/% 10
  }
  s
}

digital_root <- function(x) {
  while (x >= 10) x <- digit_sum(x)
  x
}

gcd_steps <- function(a, b) {
  steps <- 0L
  while (b != 0) {
    r <- a %% b
    a <- b
    b <- r
    steps <- steps + 1L
  }
  c(a, steps)
}

isqrt <- function(n) {
  r <- 0
  while ((r + 1) * (r + 1) <= n) r <- r + 1
  r
}

run <- function() {
  n <- 6000
  total_digits <- 0
  roots <- integer(9)
  i <- 1
  while (i <= n) {
    total_digits <- total_digits + digit_sum(i * 7919)
    dr <- digital_root(i * 7919)
    roots[dr] <- roots[dr] + 1L
    i <- i + 1
  }
  coprime <- 0L
  steps <- 0L
  a <- 1L
  while (a <= 120L) {
    b <- 1L
    while (b <= 120L) {
      g <- gcd_steps(a, b)
      if (g[1] == 1) coprime <- coprime + 1L
      steps <- steps + g[2]
      b <- b + 1L
    }
    a <- a + 1L
  }
  sq <- 0
  k <- 1
  while (k <= 40) {
    sq <- sq + isqrt(k * k * 37 + k)
    k <- k + 1
  }
  c(total_digits, roots, coprime, steps, sq)
}

print(run())
