# missing() in compiled functions: arguments supplied or not, with literal
# defaults (bound at the call), lazy defaults, no default, called directly
# from compiled code (no frame) and from the interpreter, and in recursion.
f <- function(x, scale = 2, label) {
  s <- if (missing(scale)) x else x * scale
  if (missing(label)) s else paste(label, s)
}
g <- function(n) {
  acc <- 0
  for (i in 1:n) acc <- acc + f(i) + f(i, 3) + f(scale = 0.5, x = i)
  acc
}
for (r in 1:100) v <- g(50)
print(v)
print(f(2, label = "lab"))
h <- function(a, b = a * 2) {
  if (missing(b)) c(a, b, 0) else c(a, b, 1)
}
for (r in 1:300) w <- h(r)
print(w)
print(h(1, 5))
depth <- function(n, acc) {
  if (missing(acc)) acc <- 0
  if (n == 0) acc else depth(n - 1, acc + n)
}
for (r in 1:200) d <- depth(20)
print(d)
k <- function(x, y) if (missing(y)) "no y" else y
out <- character(0)
for (r in 1:300) out <- c(out, k(r), k(r, "y"))
print(table(out))
sapply_missing <- function(xs) sapply(xs, function(x, extra = 1) if (missing(extra)) x else -x)
for (r in 1:100) s <- sapply_missing(1:4)
print(s)
