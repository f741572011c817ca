# bitwAnd/bitwOr/bitwXor/bitwShiftL/bitwShiftR of integers compiled as
# native operations in hot loops: negative operands, a result with the NA
# bit pattern, shift counts at and past the ends, NA operands, doubles,
# vectors, and bitwAnd redefined in the middle of a loop.
mix <- function(n, seed) {
  h <- seed
  acc <- 0L
  for (i in 1:n) {
    h <- bitwXor(h, bitwShiftL(bitwAnd(h, 1023L), 3L))
    h <- bitwAnd(h + i, 1048575L)
    acc <- bitwXor(acc, bitwShiftR(h, i %% 7L))
    acc <- bitwOr(acc, bitwAnd(i, 3L))
  }
  c(h, acc)
}
print(mix(5000L, 17L))
print(mix(3000L, -5L))

edge <- function(a, b) {
  out <- integer(0)
  for (k in 1:400) {
    r <- c(bitwAnd(a, b), bitwOr(a, b), bitwXor(a, b),
           bitwShiftL(a, b %% 40L), bitwShiftR(a, b %% 40L))
    if (k == 400L) out <- r
  }
  out
}
print(edge(-2147483647L, -2147483646L))
print(edge(-1L, 31L))
print(edge(123456L, 5L))
print(edge(1L, 32L))
print(edge(-8L, 1L))

shifts <- function(x) {
  s <- integer(0)
  for (k in -2:35) s <- c(s, bitwShiftL(x, k), bitwShiftR(x, k))
  s
}
print(shifts(1L))
print(shifts(-1L))

nas <- function(v) {
  t <- 0L
  for (i in seq_along(v)) {
    r <- bitwAnd(v[i], 255L)
    if (is.na(r)) t <- t + 1000L else t <- t + r
  }
  t
}
print(nas(c(1:500, NA, 7L, 9L)))
print(bitwAnd(c(5L, 12L), 6L))
print(bitwOr(12.0, 3))

g <- function(n) {
  s <- 0L
  for (i in 1:n) {
    s <- s + bitwAnd(i, 7L)
    if (i == 2500L) bitwAnd <- function(a, b) 100L
  }
  s
}
print(g(5000L))
