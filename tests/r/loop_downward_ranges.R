# for loops over downward ranges (n:1, length(v):1, a:b with a > b), compiled
# with step -1 (frame states carry each loop's step): the loop variable after
# completed and broken loops, next/break, a site that later runs upward
# (not compiled then), and negative bounds.
f <- function(n) {
  s <- 0
  for (i in n:1) {
    s <- s * 1.5 + i
    if (i == 3L) next
  }
  c(s, i)
}
g <- function(v) {
  acc <- 0L
  for (k in length(v):1) { if (v[k] > 50L) break; acc <- acc + v[k] }
  c(acc, k)
}
h <- function(a, b) { t <- 0L; for (j in a:b) t <- t + j; c(t, j) }
nested <- function(n) {
  out <- 0L
  for (i in n:1) for (j in i:1) out <- out + i * j
  out
}
for (r in 1:300) { x <- f(10L); y <- g(1:60); z <- h(5L, 1L); w <- nested(6L) }
print(x); print(y); print(z); print(w)
print(f(1L)); print(h(3L, 7L)); print(h(2L, 2L)); print(h(-2L, -5L))
for (r in 1:200) z <- h(r %% 3L, 1L)
print(z)
print(nested(30L))
