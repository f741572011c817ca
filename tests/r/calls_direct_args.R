# Calls from compiled code with positional arguments go straight into the
# callee's frame (runtime::call_positional); named, default and missing()
# arguments, `<<-` from a callee, lexical scoping and warnings must be R's.
nmiss <- 0L
add3 <- function(a, b = 10L, c = a + b) {
  if (missing(b)) nmiss <<- nmiss + 1L
  a + b + c
}
k <- 100L
scale_k <- function(x) x * k
counter <- 0L
bump <- function(by) {
  counter <<- counter + by
  counter
}
warn_neg <- function(x) {
  if (x < 0L) warning("negative input")
  x
}
f <- function(n) {
  s <- 0L
  for (i in 1:n) {
    s <- s + add3(i)
    s <- s + add3(i, 2L)
    s <- s + add3(i, 2L, 3L)
    s <- s + add3(i, c = 1L)
    s <- s + scale_k(i)
    bump(1L)
  }
  s
}
for (r in 1:3) print(f(200L))
print(counter)
print(nmiss)
g <- function(x) warn_neg(x) + 1L
for (i in 1:150) y <- g(i)
print(g(-1L))
