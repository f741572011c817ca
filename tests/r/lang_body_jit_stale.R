# Functions replaced after compiled code called or inlined them many times:
# every call after a replacement runs the new body.
f <- function(x) x
g <- function(x) f(x) * 2
tot <- 0
for (k in 1:300) {
  body(f) <- call("+", quote(x), k)
  for (j in 1:3) tot <- tot + g(1)
}
print(tot)
print(g(1))

# The same with the functions reset from inside a hot function.
sq <- function(v) v * v
sum_sq <- function(n) {
  s <- 0
  for (i in 1:n) s <- s + sq(i)
  s
}
print(sum_sq(100))
for (round in 1:5) {
  body(sq) <- call("*", quote(v), round)
  print(sum_sq(100))
}

# formals<- changes what a compiled caller gets for a default.
pick <- function(a = 1) a
use_pick <- function() {
  s <- 0
  for (i in 1:200) s <- s + pick()
  s
}
print(use_pick())
formals(pick) <- list(a = 5)
print(use_pick())

# Many functions made and replaced without being called, then one called.
h <- function(x) x
for (k in 1:2000) body(h) <- call("-", quote(x), k)
print(h(0))

# A function whose calls alternate between bodies across replacements.
flip <- function() "A"
seen <- character(0)
for (i in 1:400) {
  if (i %% 100 == 0) {
    body(flip) <- if (flip() == "A") "B" else "A"
  }
  seen[i] <- flip()
}
print(table(seen))
print(seen[c(99, 100, 199, 200, 299, 300, 399, 400)])
