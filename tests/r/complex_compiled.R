# Complex numbers in compiled code: loops over complex scalars and vectors
# (sums, products, division, unary minus, Re/Im/Mod/Conj), NA_complex_,
# Inf and NaN parts, a vector whose type changes to complex and back, and
# element stores into complex vectors.

csum <- function(x) {
  s <- 0
  for (i in seq_along(x)) s <- s + x[i]
  s
}

cprod <- function(x) {
  p <- 1 + 0i
  for (i in seq_along(x)) p <- p * x[i]
  p
}

cdiv <- function(x, y) {
  r <- complex(length(x))
  for (i in seq_along(x)) r[i] <- x[i] / y[i]
  r
}

parts <- function(x) {
  a <- 0
  b <- 0
  m <- 0
  cj <- 0i
  for (i in seq_along(x)) {
    z <- x[i]
    a <- a + Re(z)
    b <- b + Im(z)
    m <- m + Mod(z)
    cj <- cj + Conj(z) - z * 2i
  }
  c(a, b, m, Re(cj), Im(cj))
}

negsub <- function(x) {
  s <- 0i
  for (i in seq_along(x)) s <- -s - x[i] + 1.5
  s
}

mixed <- function(x, k) {
  s <- 0i
  for (i in seq_along(x)) s <- s + x[i] * k - i / (x[i] + 1i)
  s
}

z <- complex(real = (1:200) / 7, imaginary = -(1:200) / 11)
for (r in 1:30) {
  a <- csum(z)
  p <- cprod(z[1:20] / 3)
  q <- cdiv(z, rev(z))
  pp <- parts(z)
  n <- negsub(z)
  m <- mixed(z, 2L)
  m2 <- mixed(z, 0.5)
}
print(a)
print(p)
print(q[c(1, 50, 200)])
print(pp)
print(n)
print(m)
print(m2)

# Special values: NA_complex_, Inf, NaN parts; division by zero. (NA and
# NaN are kept apart: which of them an operation on both gives depends on
# the order of machine operations.)
spa <- c(1 + 2i, NA_complex_, complex(real = Inf, imaginary = 1),
         complex(real = 1, imaginary = NA), 0i, 3 - 4i)
spn <- c(1 + 2i, complex(real = NaN, imaginary = 0), complex(real = Inf, imaginary = 1),
         0i, complex(real = -Inf, imaginary = -Inf), 3 - 4i)
den <- c(2i, 1 + 1i, 0i, 3, 1 - 1i, Inf + 0i)
for (r in 1:30) {
  s1 <- csum(spa)
  s1n <- csum(spn)
  s2 <- csum(spa[c(1, 3, 6)])
  s3 <- cprod(spn[c(1, 3, 6)])
  d1 <- cdiv(spa, den)
  d1n <- cdiv(spn, den)
  d2 <- cdiv(spn, rep(0i, 6))
  d3 <- cdiv(den, spn)
  pp2 <- parts(spa)
  pp2n <- parts(spn)
  pp3 <- parts(spn[c(1, 3, 4, 6)])
}
print(s1)
print(s1n)
print(s2)
print(s3)
print(d1)
print(d1n)
print(d2)
print(d3)
print(pp2)
print(pp2n)
print(pp3)
print(Mod(3 + 4i))
print(is.na(d1n))
print(c(Re(NA_complex_), Im(NA_complex_), Mod(NA_complex_)))

# A vector whose element type changes: int -> double -> complex -> double.
vals <- list(1:50, (1:50) + 0.5, (1:50) + 0.5i, (1:50) / 4)
for (phase in 1:4) {
  for (r in 1:40) tot <- csum(vals[[phase]])
  print(tot)
}
for (r in 1:40) tot <- csum(vals[[3]] * (1 - 1i))
print(tot)

# Element reads and stores in a loop.
scale_rot <- function(x, w) {
  y <- x
  for (i in seq_along(x)) y[i] <- x[i] * w + Conj(x[i])
  y
}
for (r in 1:30) y <- scale_rot(z[1:10], 0 + 1i)
print(y)
print(sum(Mod(scale_rot(spn, 2 - 1i))), digits = 10)
print(scale_rot(spa, 2 - 1i))
w <- c(1 + 1i, 2 - 2i)
for (r in 1:30) w2 <- scale_rot(w, -1)
print(w2)
print(csum(c(1, 2, 3) + 0i))
