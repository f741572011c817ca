# Failures whose result R gives as NA or an error, again and again after the
# code was compiled: integer %% and %/% by zero (NA), a condition that is
# NA (R's error, caught by the caller), and a logical NA in `&&`. The code
# compiled after the first such failure computes them itself (or raises
# R's error from compiled code) instead of exiting at each one.
modz <- function(n, d) {
  s <- 0L
  nas <- 0L
  for (i in 1:n) {
    r <- i %% d
    q <- i %/% d
    if (is.na(r)) nas <- nas + 1L else s <- s + r + q
  }
  c(s, nas)
}
for (k in 1:200) x <- modz(50L, 7L)
print(x)
for (k in 1:200) x <- modz(50L, 0L)
print(x)
print(modz(10L, -3L))

first_below <- function(v, t) {
  k <- 0L
  for (i in rev(seq_along(v))) {
    k <- k + 1L
    if (v[i] <= t) break else next
  }
  c(i, k)
}
x1 <- c(as.double(1:3), NA)
for (rep in 1:250) r <- tryCatch(first_below(x1, Inf), error = function(e) paste("E:", conditionMessage(e)))
print(r)
print(first_below(c(5, 4, 1, 9), 2))
for (rep in 1:60) r <- tryCatch(first_below(x1, 10L), error = function(e) conditionMessage(e))
print(r)

both <- function(a, b) {
  n <- 0L
  for (i in seq_along(a)) if (isTRUE(a[i] > 0 && b[i] > 0)) n <- n + 1L
  n
}
for (k in 1:300) y <- both(c(1, 2, -1), c(1, 1, 1))
print(y)
for (k in 1:300) y <- both(c(1, NA, 3), c(1, 1, NA))
print(y)
