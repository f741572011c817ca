# Lexical scoping: free variables resolve in the defining environment.
x <- "global"
f <- function() x
g <- function() { x <- "local"; f() }
print(g())
h <- function() { x <- "local"; k <- function() x; k() }
print(h())
outer_fn <- function(n) {
  inner <- function() n * 2
  n <- n + 1
  inner()
}
print(outer_fn(5))
y <- 1
modify <- function() { y <- 2; y }
print(modify()); print(y)
z <- 1
set_global <- function() z <<- 99
set_global()
print(z)
nested <- function() {
  a <- 1
  mid <- function() {
    inner <- function() a <<- a + 10
    inner()
    a
  }
  mid()
}
print(nested())
