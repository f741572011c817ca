# Inlined calls are guarded by "the name still finds this function". The
# guard's answer is cached while no global binding of a function changes:
# shadowing a builtin with a global function, rebinding an inlined closure,
# removing the shadow with rm(), and a global non-function named like a
# builtin (function lookup skips it) must all be seen, in every mode.
sq <- function(x) x * x
f <- function(n) {
  s <- 0
  for (i in 1:n) s <- s + sq(i) + floor(i / 3) + abs(-i)
  s
}
g <- function(xs) {
  acc <- 0
  for (x in xs) if (!is.null(x)) acc <- acc + max(x, 0)
  acc
}
for (k in 1:50) a <- f(100)
print(a)
floor <- function(x) 1000
print(f(100))
rm(floor)
print(f(100))
sq <- function(x) -x
print(f(100))
max <- 3
print(f(10)); print(g(list(1, NULL, -2, 5)))
max <- function(...) 7
print(g(list(1, NULL, -2, 5)))
rm(max)
for (k in 1:60) b <- g(as.list(c(-1, 2, 3)))
print(b)
is.null <- function(x) TRUE
print(g(list(1, 2)))
rm(is.null)
print(g(list(1, 2)))
# Rebinding inside the hot loop itself.
h <- function(n) {
  s <- 0
  for (i in 1:n) {
    if (i == n %/% 2) sq <<- function(x) 2 * x
    s <- s + sq(i)
  }
  s
}
sq <- function(x) x * x
for (k in 1:30) { sq <- function(x) x * x; hv <- h(40) }
print(hv)
