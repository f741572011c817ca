# Inlining of small closures: default and named (also partially named)
# arguments, branches and early returns in the callee, type changes of the
# callee's arguments, integer overflow inside inlined code, redefinition of
# the callee, and calls that must not be inlined (free variables, output,
# recursion, a local function of the same name).
add3 <- function(a, b, c = 1) a + b * c
sq <- function(x) x * x
clamp <- function(x, lo, hi) {
  if (x < lo) return(lo)
  if (x > hi) hi else x
}
acc_defaults <- function(n) {
  s <- 0
  for (i in 1:n) s <- add3(s, i)
  s
}
acc_named <- function(n) {
  s <- 0
  for (i in 1:n) s <- add3(b = i, a = s, c = 0.25)
  s
}
clamped <- function(v) {
  s <- 0
  for (i in seq_along(v)) s <- s + clamp(v[i], l = -1, h = 1)
  s
}
clip <- function(x, lo, hi) {
  if (x < lo) return(lo)
  if (x > hi) hi else x
}
clip_sum <- function(n) {
  s <- 0
  for (i in 1:n) s <- s + clip(i, 2L, hi = 5L)
  s
}
sumsq <- function(n) {
  s <- 0
  for (i in 1:n) s <- s + sq(i)
  s
}
sq_sum <- function(v) {
  r <- 0
  for (i in seq_along(v)) r <- r + sq(v[i])
  r
}
for (k in 1:3) {
  print(acc_defaults(1000L))
  print(acc_named(1000L))
  print(clamped(c(-3, 0.5, 2, -0.25)))
  print(clip_sum(10L))
  print(sumsq(100L))
  print(sq_sum(1:10))
}
# Integer overflow inside the inlined square: NA and one warning.
print(sq_sum(c(3L, 46341L, 2L)))
# The argument's type changes: doubles and a logical through the inlined code.
print(sq_sum(c(1.5, 2.5)))
print(sq_sum(c(TRUE, FALSE, TRUE)))
print(clamped(c(5L, -5L, 0L)))
# The callee is redefined while its callers are compiled.
sq <- function(x) x * x * x
print(sumsq(10L))
print(sq_sum(1:3))
add3 <- function(a, b, c = 2) a - b * c
print(acc_defaults(10L))
# Not inlined: a free variable, output, recursion, a local of the same name.
make_scaler <- function(k) function(x) x * k
twice <- make_scaler(2)
scaled <- function(n) {
  s <- 0
  for (i in 1:n) s <- s + twice(i)
  s
}
noisy <- function(x) {
  if (x > 2) cat("big", x, "\n")
  x
}
loud <- function(n) {
  s <- 0
  for (i in 1:n) s <- s + noisy(i)
  s
}
fact <- function(n) if (n <= 1) 1 else n * fact(n - 1)
facts <- function(n) {
  s <- 0
  for (i in 1:n) s <- s + fact(i)
  s
}
shadow <- function(n) {
  sq <- function(x) -x
  s <- 0
  for (i in 1:n) s <- s + sq(i)
  s
}
for (k in 1:2) {
  print(scaled(20L))
  print(loud(4L))
  print(facts(8L))
  print(shadow(5L))
}
twice <- make_scaler(3)
print(scaled(20L))
# Builtins inlined as native code: sqrt, abs, floor, length; a negative
# sqrt argument (NaN and a warning), NA, and a user function named abs.
norms <- function(v) {
  s <- 0
  for (i in seq_along(v)) s <- s + sqrt(abs(v[i])) + floor(v[i] / 3) + length(v)
  s
}
ilen <- function(v) {
  s <- 0L
  for (i in seq_along(v)) s <- s + abs(v[i]) + length(v)
  s
}
for (k in 1:3) {
  print(norms(c(4, -9, 2.5, 16)))
  print(ilen(c(-3L, 4L, -5L)))
}
roots <- function(v) {
  s <- 0
  for (i in seq_along(v)) s <- s + sqrt(v[i])
  s
}
print(roots(c(1, 4, 9)))
print(roots(c(1, 4, 9)))
print(roots(c(1, -4, 9)))
print(roots(c(1, NA, 9)))
print(norms(c(1, NaN, 3)))
abs <- function(x) 100
print(norms(c(4, -9)))
print(ilen(c(-3L, 4L)))
