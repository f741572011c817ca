# `from:to` with a fractional end counts as R's seq_colon does: |to - from|
# + 1 with FLT_EPSILON of slack, truncated (2:5.9999999 is 2..6). Loops
# over such ranges compiled after integral ends (1:n with n = 40, then
# n = 3.5): the count needs no integral end, and they stay compiled.
print(2:5.9999999)
print(length(1:3.9999999))
print(1:3.5)
print(-3:2.25)
print(1:0.5)
print(2.5:5)
f <- function(a, b) {
  s <- 0L
  k <- 0L
  for (i in a:b) {
    s <- s + i
    k <- k + 1L
  }
  c(s, k, i)
}
for (r in 1:300) x <- f(1, 40)
print(x)
print(f(1, 3.5))
print(f(2, 5.9999999))
print(f(1, 1))
print(f(3L, 2.5))
print(f(1, 0.5))
print(f(-3, 2.25))
print(f(1, 1 + 1e-12))
print(f(2147483640L, 2147483646.5))
r <- tryCatch(f(1, NaN), error = function(e) conditionMessage(e))
print(r)
g <- function(n) {
  t <- 0
  for (j in 1:n) t <- t + j
  t
}
tot <- 0
for (r in 1:3000) tot <- tot + g(r / 7)
print(tot)
