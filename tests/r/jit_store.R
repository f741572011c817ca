# Stores into typed vectors (`x[i] <- v`, `x[[i]] <- v`) in compiled loops:
# double, integer and logical vectors, an integer into a double vector,
# copy-on-write when the vector is shared (inside and outside the loop),
# stores past the end (R extends the vector), type-changing stores, NA
# values, and vectors with attributes (names, dim) that keep them.
scale_add <- function(x, v) {
  for (i in seq_along(x)) x[i] <- x[i] * v + i
  x
}
halves <- function(n) {
  y <- numeric(n)
  for (i in 1:n) y[i] <- i / 2
  y
}
doubles <- function(n) {
  z <- integer(n)
  for (i in 1:n) z[[i]] <- i * 2L
  z
}
flags <- function(x) {
  f <- logical(length(x))
  for (i in seq_along(x)) f[i] <- x[i] > 2
  f
}
ints_into_dbl <- function(n) {
  y <- numeric(n)
  for (i in 1:n) y[i] <- i
  y
}
snapshot <- function(x) {
  keep <- x
  for (i in seq_along(x)) {
    x[i] <- -x[i]
    if (i == 2L) mid <- x
  }
  list(x = x, keep = keep, mid = mid)
}
grow <- function(x, n) {
  for (i in 1:n) x[i] <- i * 1.5
  x
}
for (k in 1:3) {
  print(scale_add(c(1, 2, 3), 2))
  print(halves(6L))
  print(doubles(5L))
  print(flags(c(1, 3, 2, 5)))
  print(ints_into_dbl(4L))
  print(snapshot(c(1, 2, 3)))
}
a <- c(10, 20, 30)
b <- scale_add(a, 3)
print(a)
print(b)
# Past the end: R extends the vector.
print(grow(c(0, 0), 5L))
# The element type changes: an integer vector receives doubles.
print(scale_add(1:3, 0.5))
print(scale_add(c(1, NA, 3), 2))
print(flags(c(1, NA, 3)))
# Attributes are kept.
named <- c(a = 1, b = 2, c = 3)
print(scale_add(named, 2))
m <- matrix(c(1, 2, 3, 4), 2)
print(scale_add(m, 10))
