# Functions called from closures made inside functions (sapply/vapply/lapply
# with an anonymous function): the lookup of a global function or builtin
# goes through the enclosing frames, which cannot bind it, so compiled guards
# cache it under the global function bindings' version. Rebinding the global
# (or shadowing it in an enclosing frame) must be seen at once.
helper <- function(x) x + 1
run <- function(xs) sapply(xs, function(x) helper(x) * 2 + sin(0))
for (i in 1:300) r <- run(1:5)
print(r)
helper <- function(x) x - 1
print(run(1:5))
shadow <- function(xs) {
  helper <- function(x) x * 100
  sapply(xs, function(x) helper(x))
}
for (i in 1:200) s <- shadow(1:3)
print(s)
not_fun <- function(xs) {
  sin <- 3
  vapply(xs, function(x) sin(x) + sin, numeric(1))
}
for (i in 1:200) t <- not_fun(c(0, pi / 2))
print(t)
nested <- function(xs, k) {
  inner <- function(ys) lapply(ys, function(y) helper(y) + k)
  unlist(inner(xs))
}
acc <- 0
for (i in 1:400) {
  acc <- acc + sum(nested(1:4, i))
  if (i == 250) helper <- function(x) x * 3
}
print(acc)
sin <- function(x) 100
print(run(1:2))
rm(sin)
print(run(1:2))
