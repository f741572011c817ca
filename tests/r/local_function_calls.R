# Calls of functions bound to a function's own locals: helpers made in
# the function, functions passed as arguments, builtins in locals, and a
# local that stops being a function mid-loop (R's lookup then skips it
# and finds the enclosing binding of the same name).
helper <- function(x) x * 100
outer_fn <- function(n) {
  sq <- function(x) x * x
  s <- 0
  for (i in 1:n) s <- s + sq(i)
  s
}
print(outer_fn(3000))

apply_twice <- function(f, x) f(f(x))
acc <- 0
for (i in 1:3000) acc <- acc + apply_twice(function(v) v + 1, i)
print(acc)
for (i in 1:100) acc <- acc + apply_twice(sqrt, 16)
print(acc)

shadow <- function(n) {
  helper <- function(x) x + 1
  s <- 0
  for (i in 1:n) {
    s <- s + helper(i)
    if (i == n %/% 2) helper <- 5
  }
  c(s, helper)
}
print(shadow(4000))

builtin_local <- function(v) {
  f <- max
  s <- 0
  for (i in seq_along(v)) s <- s + f(v[i], 2)
  f <- min
  for (i in seq_along(v)) s <- s + f(v[i], 2)
  s
}
print(builtin_local(c(1, 3, 5, 0.5)))
for (k in 1:1000) r <- builtin_local(c(1, 3, 5, 0.5))
print(r)

with_default <- function(x, g = function(y) y - 1) {
  for (i in 1:5) x <- g(x)
  x
}
for (k in 1:1000) r <- with_default(k)
print(r)
print(with_default(10, function(y) y * 2))

rebind <- function(n) {
  op <- function(a, b) a + b
  s <- 0
  for (i in 1:n) {
    if (i == 700) op <- function(a, b) a * b
    s <- op(s, 1)
    if (s > 1e6) s <- 1
  }
  s
}
print(rebind(2000))

# A parameter used as a function and not supplied: its default is
# evaluated by the lookup, or R's error when it has none; a default that
# is not a function is skipped (the lookup goes on to `c`).
f_missing <- function(g) g(1)
print(tryCatch(f_missing(), error = function(e) conditionMessage(e)))
q <- function(x, c = 2) c(x, c)
for (k in 1:500) r <- q(k)
print(r)
