# Downward `from:to` loops compiled (a counted loop with step -1): the loop
# variable after completed and broken loops, OSR-in inside a downward loop,
# a downward loop nested in an upward one, a range seen running both ways,
# one-element ranges, and NA / type changes of the bounds.
countdown <- function(n) {
  s <- 0L
  for (i in n:1) s <- s * 3L %% 1000003L + i
  c(s, i)
}
for (k in 1:300) r <- countdown(k %% 17L + 1L)
print(r)
print(countdown(40L))

find_down <- function(v, t) {
  for (i in length(v):1) if (v[i] <= t) break
  i
}
x <- as.double(1:500)
for (k in 1:200) r <- find_down(x, 250)
print(r)
print(find_down(x, -1))
print(find_down(x, 499.5))

# OSR-in inside a long downward loop, nested in an upward loop.
nest <- function(m) {
  acc <- 0
  for (a in 1:3) {
    for (b in m:1) acc <- acc + a * b / 7
  }
  c(acc, a, b)
}
print(nest(20000L))

# Bounds that change: a double bound, then an upward range, then both ways.
mixed <- function(from, to) {
  s <- 0
  for (i in from:to) s <- s + i
  s
}
for (k in 1:200) r <- mixed(50L, 1L)
print(r)
print(mixed(1L, 50L))
print(mixed(50.5, 1))
print(mixed(3L, 3L))
for (k in 1:200) r <- mixed(k %% 5L, 2L)
print(r)

# A downward loop writing a vector in place.
rev_fill <- function(n) {
  v <- integer(n)
  for (i in n:1) v[i] <- n - i + 1L
  v
}
for (k in 1:200) r <- rev_fill(8L)
print(r)
print(sum(rev_fill(10000L)))

# Horner's rule, written the usual way.
horner <- function(coefs, x) {
  acc <- 0
  for (j in length(coefs):1) acc <- acc * x + coefs[j]
  acc
}
cf <- c(1, -2, 0.5, 3, -1)
tot <- 0
for (k in 1:2000) tot <- tot + horner(cf, k / 1000)
print(tot)
