# Builtins called (not inlined) from compiled functions written at top level:
# their lookup is remembered while the global function bindings stand. A
# global function shadowing the builtin, its removal, a rebinding by <<-
# inside the hot loop, and a local binding made mid-loop all count.
f <- function(n) {
  s <- 0L
  for (i in 1:n) s <- s + bitwAnd(i, 7L)
  s
}
print(f(5000L))
bitwAnd <- function(a, b) 1L
print(f(5000L))
rm(bitwAnd)
print(f(5000L))
nchar <- function(s) base::nchar(s)
g <- function(n) {
  acc <- 0L
  for (i in 1:n) {
    acc <- acc + nchar(paste0("x", i))
    if (i == 2000L) nchar <<- function(s) 100L
  }
  acc
}
print(g(4000L))
print(g(10L))
rm(nchar)
print(nchar("abc"))
h <- function(n) {
  s <- 0L
  for (i in 1:n) {
    if (i == 1500L) bitwAnd <- function(a, b) -1L
    s <- s + bitwAnd(i, 1L)
  }
  s
}
print(h(3000L))
print(f(3000L))
bitwAnd <- 5
print(f(3000L))
