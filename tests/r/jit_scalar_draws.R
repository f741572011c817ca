# One random draw per call in hot loops (`runif(1)`, `rpois(1, l)`, ...): the
# builtins' scalar entries and, in compiled code, the builtin known at the
# call (a `callee_is` guard and `const.builtin` instead of the lookup). Same
# stream, NA with the warning, integer results, defaults, the builtin
# shadowed and restored mid-loop, and the warning turned into an error.
set.seed(3)
f <- function(n) {
  s <- 0
  for (i in 1:n) {
    s <- s + rpois(1, 2.5) + runif(1) + rnorm(1, 1, 2) + rexp(1, 3) +
      rbinom(1, 10, 0.3) + rexp(1) + runif(1L, 2, 3L) + rbinom(1, 5L, 0.5) +
      rnorm(TRUE) + rpois(1, 4L)
  }
  s
}
for (k in 1:200) x <- f(30)
print(x)
print(c(rpois(1, -1), runif(1, 3, 2)))
print(class(rpois(1, 3)))
print(class(rbinom(1, 3L, 0.5)))
print(rbinom(1, 3, 2))
print(rnorm(1, NA))
print(rexp(1, -1))
g <- function() {
  for (i in 1:300) v <- rpois(1, if (i == 250) -1 else 3)
  v
}
print(g())
draws <- function(n) {
  out <- numeric(n)
  for (i in seq_len(n)) {
    if (i == 150) runif <- function(n) -1
    out[i] <- runif(1)
  }
  out
}
d <- draws(300)
print(c(sum(d < 0), round(sum(d), 6)))
h <- function(l) rpois(1, l)
for (i in 1:300) h(2)
print(h(1e4))
options(warn = 2)
tryCatch(h(-1), error = function(e) print(conditionMessage(e)))
h(-1)
