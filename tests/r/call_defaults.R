# Default arguments, including defaults that refer to other parameters.
f <- function(x, y = 2) x + y
print(f(1)); print(f(1, 10))
g <- function(n, m = n * 2) c(n, m)
print(g(3)); print(g(3, 1))
h <- function(a, b = a + 1, c = a + b) a + b + c
print(h(1))
print(h(1, c = 0))
k <- function(x = stop("never forced")) 5
print(k())
lenfn <- function(v, n = length(v)) n
print(lenfn(1:7))
