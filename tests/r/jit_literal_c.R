# `c()` of literals in hot code: a constant vector under the guard that `c`
# is still the builtin. Tables indexed in loops, strings for %in%, mixed
# types and NA, negative zero, results modified (copy-on-write: the
# constant must not change), and `c` redefined in the middle of a loop.
walk <- function(n) {
  i <- 5L
  j <- 5L
  for (k in 1:n) {
    d <- (k * 7L) %% 4L + 1L
    i <- i + c(-1L, 1L, 0L, 0L)[d]
    j <- j + c(0L, 0L, -1L, 1L)[d]
  }
  c(i, j)
}
for (r in 1:300) w <- walk(50L)
print(w)

weights <- function(n) {
  s <- 0
  for (k in 1:n) s <- s + sum(c(0.25, 0.5, 0.25) * k) + c(1, 2.5, NA)[2 - (k %% 2)]
  s
}
for (r in 1:300) x <- weights(20L)
print(x)
print(weights(3L))

grow <- function(n) {
  out <- 0L
  for (k in 1:n) {
    v <- c(1L, 2L, 3L)
    v[2] <- v[2] + k
    out <- out + v[2] + c(1L, 2L, 3L)[2]
  }
  c(out, c(1L, 2L, 3L))
}
for (r in 1:300) g <- grow(10L)
print(g)

kinds <- function(xs) {
  hits <- 0L
  for (x in xs) if (x %in% c("apple", "pear", NA)) hits <- hits + 1L
  hits
}
fruit <- rep(c("apple", "fig", "pear", NA, "kiwi"), 40)
for (r in 1:100) h <- kinds(fruit)
print(h)

mixed <- function(n) {
  s <- 0
  for (k in 1:n) s <- s + c(1L, 2.5, TRUE)[(k %% 3) + 1] + 1 / c(-2, 1)[1]
  s
}
for (r in 1:100) m <- mixed(30L)
print(m)
print(c(-0, 1)[1])
print(1 / c(-0, 1)[1])
print(c(TRUE, NA, FALSE))
print(c(NA_integer_, -3L))

redefine <- function(n) {
  s <- 0
  for (k in 1:n) {
    s <- s + c(10L, 20L)[(k %% 2) + 1]
    if (k == n %/% 2) assign("c", function(...) rep(1000L, 2L), envir = globalenv())
  }
  s
}
for (r in 1:200) y <- redefine(40L)
print(y)
rm(c)
print(redefine(40L))
rm(c)
print(walk(10L))

# Compiled with the constant, then `c` rebound: the guard fails.
lookup <- function(n) {
  s <- 0L
  for (k in 1:n) s <- s + c(3L, 5L, 7L)[(k %% 3L) + 1L]
  s
}
for (r in 1:300) z <- lookup(30L)
print(z)
c <- function(...) rep(1L, 3L)
print(lookup(30L))
rm(c)
print(lookup(30L))
