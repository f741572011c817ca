# A function inlined into a compiled loop is redefined, then called many
# times: the callee guard fails, and the version is retired rather than
# failing its guard on every later call.
f <- function(x) x + 1
g <- function(n) {
  s <- 0
  for (i in 1:n) s <- s + f(i)
  s
}
for (k in 1:200) r <- g(10L)
print(r)
f <- function(x) x * 2
for (k in 1:50) r <- g(10L)
print(r)
f <- function(x, y = 3) x - y
print(g(10L))
