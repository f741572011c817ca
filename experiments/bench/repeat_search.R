# repeat / break searches: Collatz chain lengths, a search for the next prime
# after each of a series of numbers (trial division), bisection for roots of
# a family of cubics with a tolerance, and Newton's method for cube roots.
# Every loop is `repeat { ...; if (done) break }`, the way R code iterates
# to convergence.
collatz_length <- function(n) {
  len <- 1L
  repeat {
    if (n == 1) break
    if (n %% 2 == 0) n <- n / 2 else n <- 3 * n + 1
    len <- len + 1L
  }
  len
}

is_prime <- function(n) {
  if (n < 2) return(FALSE)
  if (n %% 2 == 0) return(n == 2)
  d <- 3
  repeat {
    if (d * d > n) return(TRUE)
    if (n %% d == 0) return(FALSE)
    d <- d + 2
  }
}

next_prime <- function(n) {
  candidate <- n + 1
  repeat {
    if (is_prime(candidate)) break
    candidate <- candidate + 1
  }
  candidate
}

bisect <- function(f, lo, hi, tol = 1e-10) {
  flo <- f(lo)
  iter <- 0L
  repeat {
    mid <- (lo + hi) / 2
    fmid <- f(mid)
    iter <- iter + 1L
    if (abs(hi - lo) < tol || fmid == 0) break
    if (sign(fmid) == sign(flo)) {
      lo <- mid
      flo <- fmid
    } else {
      hi <- mid
    }
  }
  c(mid, iter)
}

newton_cbrt <- function(a, tol = 1e-12) {
  x <- if (a > 1) a / 3 else 1
  steps <- 0L
  repeat {
    x_new <- x - (x^3 - a) / (3 * x^2)
    steps <- steps + 1L
    if (abs(x_new - x) < tol * x_new) break
    x <- x_new
  }
  c(x_new, steps)
}

run <- function() {
  longest <- 0L
  longest_at <- 0
  for (start in seq_len(10000)) {
    len <- collatz_length(start)
    if (len > longest) {
      longest <- len
      longest_at <- start
    }
  }
  prime_sum <- 0
  for (n in seq(10000, 1e6, by = 5000)) prime_sum <- prime_sum + next_prime(n)
  roots <- 0
  bis_iters <- 0L
  for (c0 in c(-3.5, -2, -0.25, 1, 2.75, 6)) {
    r <- bisect(function(x) x^3 - 2 * x + c0, -10, 10)
    roots <- roots + r[1]
    bis_iters <- bis_iters + r[2]
  }
  cbrts <- 0
  newton_steps <- 0L
  for (a in seq(0.5, 500, length.out = 150)) {
    r <- newton_cbrt(a)
    cbrts <- cbrts + r[1]
    newton_steps <- newton_steps + r[2]
  }
  c(sprintf("%d %d", longest, as.integer(longest_at)), sprintf("%.0f", prime_sum),
    sprintf("%.8f", roots), sprintf("%d", as.integer(bis_iters)),
    sprintf("%.8f", cbrts), sprintf("%d", as.integer(newton_steps)))
}

print(run())
