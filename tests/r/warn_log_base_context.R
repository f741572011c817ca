log10(-1)
log2(c(1, -1))
log(-8, 2)
f1 <- function(a) log10(a)
f1(-3)
f2 <- function(a) sum(log10(a))
f2(-3)
f3 <- function(n) { s <- 0; for (i in 1:n) s <- s + log10(-i * 1.5); s }
f3(2)
m <- function(x) log(x, 10)
m(-2)
m3 <- function(x) log(x, 3)
m3(-2)
k <- function(x) print(log2(x))
k(-2)
for (i in 1:2) print(log10(-i))
h <- function(x) x
print(h(log10(-5)))
w <- function(v) vapply(v, function(e) log2(e), 0)
print(w(c(1, -1)))
suppressWarnings(log10(-1))
sb <- function(n, la) {
  s <- 0
  for (i in 1:n) {
    a <- if (i >= n - 1) la else i * 0.25 + 0.5
    s <- s + sum(log10(a))
  }
  s
}
print(sb(10L, -3L))
