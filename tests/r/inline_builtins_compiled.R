f <- function(m, h, x, y) {
  hits <- 0L
  for (i in 1:50) {
    if (all(c(m[ceiling(x), ceiling(y)], m[floor(x), ceiling(y)], m[ceiling(x), floor(y)], m[floor(x), floor(y)]) < h)) hits <- hits + 1L
    if (any(c(x > 3, y > 3))) hits <- hits + 2L
    if (all(c(x < 10, y < 10, h > 0))) hits <- hits + 3L
  }
  hits
}
g <- function(v) {
  s <- 0
  for (a in v) {
    s <- s + max(a, 1.5) + min(a, 2L) + round(a) + trunc(a) + ceiling(a) + exp(a / 10) + log(abs(a) + 1) + sin(a) + cos(a) + tan(a / 10)
    if (is.na(a)) s <- s + 1000
    if (is.null(a)) s <- s - 1
  }
  s
}
h <- function(l) { n <- 0L; for (e in l) if (is.null(e)) n <- n + 1L; n }
k <- function(a, b) { r <- 0L; for (i in 1:20) r <- r + max(a, b) - min(a, i); r }
m <- matrix(as.double(1:100), 10, 10)
for (it in 1:300) { r1 <- f(m, 50, 2.5, 3.5); r2 <- g(c(0.5, 1.5, 2.5, -0.5, 3)); r3 <- h(list(1, NULL, 2)); r4 <- k(3L, 7L) }
print(r1); print(r2); print(r3); print(r4)
print(f(m, 50, 5.5, 1.5)); print(f(m, 0, 9.5, 9.5))
print(g(c(NA, 1, NaN, Inf, -Inf, -0, 1e300)))
print(g(c(-5, 2)))
print(h(list(NULL, NULL))); print(k(NA_integer_, 2L)); print(k(2.5, 1L))
print(g(c(2.5, -2.5, 0.5, -1.5)))
