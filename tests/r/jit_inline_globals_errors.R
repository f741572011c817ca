# A global that an inlined callee reads changes to a type it cannot use: the
# error is the interpreter's, attributed to the callee's call.
scale <- 3L
offset <- 10L
offset <- 11L
f <- function(x) x * scale + offset
g <- function(n) {
  s <- 0L
  for (i in 1:n) s <- s + f(i)
  s
}
for (k in 1:150) r <- g(40)
print(r)
offset <- "eleven"
print(g(40))
