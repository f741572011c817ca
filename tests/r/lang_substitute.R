# substitute(), sys.call() and match.call() in methods, recursion and
# wrappers; substitute() of defaults, missing arguments, locals and lists.
f <- function(x, ...) UseMethod("f")
f.default <- function(x, ...) { print(sys.call()); print(match.call()); print(deparse(substitute(x))) }
f(1 + 2)
g <- function(x) f(x)
g(3)
h <- function(x, y) { cl <- sys.call(); cl[[1]] }
print(h(1, 2))
k <- function(...) { mc <- match.call(); length(mc) - 1 }
print(k(1, 2, 3))
w <- function(n) { if (n == 0) return(sys.call()); w(n - 1) }
print(w(2))
p <- function() parent.frame()
q <- function() { v <- 1; environment() }
print(identical(eval(quote(environment()), list()) , globalenv()))
m <- function(a, b) { nms <- names(match.call())[-1]; nms }
print(m(b = 1, 2))
outer <- function(...) inner(...)
inner <- function(x, y) match.call()
print(outer(1, y = 2))
f <- function(x, y = 2, ...) match.call()
print(f(1, z = 3, 2))
print(f(y = 1, 3))
print(f(1, 2, 3, 4))
f(x = a + b)
g <- function(alpha, beta = 10) match.call()
print(g(be = 3, 1))
h <- function(...) match.call()
print(h(1, b = 2))
k <- function(x, ...) { mc <- match.call(); print(mc[[1]]); print(as.list(mc)); mc$x }
print(k(a + 1, 2))
m <- function(x, y) sys.call()
print(m(y = 1, 2))
s <- function(x) substitute(x)
print(s(a * b))
print(class(s(a * b)))
print(s(z))
print(class(s(z)))
print(s(1))
print(class(s(1)))
s2 <- function(x, y) substitute(x + y)
print(s2(a, b * c))
s3 <- function(...) substitute(list(...))
print(s3(a, b = c + 1))
s4 <- function(x) { y <- 10; substitute(x + y) }
print(s4(q))
s5 <- function(x = 1 + 2) substitute(x)
print(s5())
s6 <- function(x) substitute(x)
r <- list(s6())
print(deparse(r[[1]])); print(nchar(as.character(r[[1]])))
print(substitute(a + b, list(a = 1, b = quote(z))))
lab <- function(x) { cat("label:", deparse(substitute(x)), "\n"); x }
print(lab(3 + 4))
sapply(1:2, function(x) deparse(substitute(x)))
print(substitute(x))
x <- 5; print(substitute(x + 1))
