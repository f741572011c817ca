# Negation of variables read from an enclosing function's frame and of
# globals, compiled as a native negation on the type the feedback saw; the
# values then change type (int, double, NA, logical, complex, vector).
make <- function(decay, shift) {
  function(x) exp(-decay * x) + (-shift)
}
run <- function(fn, n) {
  s <- 0
  for (i in 1:n) s <- s + fn(i / n)
  s
}
print(run(make(0.5, 2L), 3000))
print(run(make(1L, 2.5), 3000))
print(run(make(NA_integer_, 1L), 10))
print(run(make(TRUE, FALSE), 3000))
print(run(make(0.1, 1i), 5))
print(run(make(c(1, 2), 0), 3))
k <- 3L
neg_k <- function(i) -k * i
print(sum(sapply(1:3000, neg_k)))
k <- -2147483647L
print(neg_k(1L))
k <- 2.5
print(sum(sapply(1:3000, neg_k)))
k <- "a"
print(tryCatch(neg_k(1), error = function(e) conditionMessage(e)))
