# An integer accumulator that overflows to NA in a hot loop and stays NA
# (R's integer arithmetic), in a function and at top level; then the same
# function called again with small inputs.
g2 <- function(a, b) {
  s <- 0L
  for (k in 1:2) s <- s + a
  s + b
}
f <- function(n) {
  s <- 0L
  for (i in 1:n) s <- s + g2(i, 3L)
  s
}
print(f(100000L))
print(f(100L))
print(f(60000L))
acc <- 2147480000L
steps <- 0L
for (i in 1:20000) {
  acc <- acc + 1L
  steps <- steps + 1L
}
print(acc)
print(steps)
h <- function(n) {
  p <- 1L
  for (i in 1:n) p <- p * 3L
  p
}
print(h(10L))
print(h(40L))
print(h(5L))
