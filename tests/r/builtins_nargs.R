# nargs(): the number of arguments supplied, each element of ... counted.
nn <- function(...) nargs()
print(nn())
print(nn(1, 2, 3))
print(nn(a = 1, 2))
f <- function(a, b = 2, ...) nargs()
print(f(1))
print(f(1, 2, 3))
print(f(b = 1))
print(f())
print(f(1, b = 5, c = 6, 7))
g <- function(x, y) nargs()
print(g(1))
print(g(y = 2))
print(g(1, 2))
h <- function(x, ...) {
  n <- nargs()
  inner <- function(...) nargs()
  c(n, inner(...), inner())
}
print(h(1, 2, 3, 4))
print(h(10))
# Dispatch on the number of arguments, in a hot loop.
area <- function(a, b, ...) {
  switch(nargs(), a * a, a * b, a * b * ..1)
}
s <- 0
for (i in 1:300) {
  s <- s + area(i) + area(i, 2) + area(i, 2, 3)
}
print(s)
count_args <- function(...) nargs()
total <- 0
for (i in 1:250) total <- total + count_args(i, i + 1, if (i %% 2 == 0) i)
print(total)
