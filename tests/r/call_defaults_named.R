# Calls with literal defaults and named arguments: bound at the call, run
# compiled without a frame (missing() still TRUE), errors attributed as GNU R.
f <- function(a, b = 2, c = "x", d = NULL, e = -1L, g = TRUE) {
  if (is.null(d)) d <- 0
  paste(a, b, c, d, e, g, missing(b), missing(c))
}
for (i in 1:300) r <- f(i, c = "y")
print(r)
h <- function(x, scale = 1.5, shift = -Inf, label = NA) {
  s <- 0
  for (k in 1:3) s <- s + x * scale
  if (is.na(label)) s + max(shift, 0) else s
}
run <- function(n) {
  t <- 0
  for (i in 1:n) {
    t <- t + h(i)
    t <- t + h(i, shift = 2)
    t <- t + h(scale = 0.5, x = i)
    t <- t + h(i, 2, label = "a")
  }
  t
}
for (j in 1:50) v <- run(200)
print(v)
k <- function(x, n = length(x), tol = 1e-8) { if (n > 0) sum(x) / n + tol else 0 }
s <- 0
for (i in 1:3000) s <- s + k(c(i, i + 1))
print(s)
m <- function(y, w = 3L) { w <- w + y; w }
print(sapply(1:5, m))
print(sapply(1:5, m, w = 10L))
q <- function(a, b = 2) { if (a > 250) stop("too big: ", a, " ", b); a + b }
tryCatch(for (i in 1:300) q(i), error = function(e) print(conditionMessage(e)))
# a named argument that partially matches, an unused one, and one given twice
p <- function(value, verbose = FALSE) if (verbose) value * 2 else value
for (i in 1:200) z <- p(i, verb = TRUE)
print(z)
r <- tryCatch(p(1, other = 2), error = function(e) conditionMessage(e))
print(r)
rec <- function(n, acc = 0L, step = 1L) if (n == 0L) acc else rec(n - 1L, acc = acc + step)
for (i in 1:100) w <- rec(50L)
print(w)
print(rec(10L, step = 2.5))
deep <- function(i, limit = 250) { if (i > limit) stop("limit ", limit, " passed at ", i); i }
drive <- function(n) { s <- 0; for (i in 1:n) s <- s + deep(i, limit = n - 1); s }
drive(300)
