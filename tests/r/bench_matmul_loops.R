# Matrix multiply by triple loop, compared with %*%.
n <- 20
a <- matrix(0, n, n); b <- matrix(0, n, n)
for (i in 1:n) for (j in 1:n) { a[i, j] <- (i + j) / n; b[i, j] <- (i - j) / n }
c <- matrix(0, n, n)
for (i in 1:n) for (j in 1:n) {
  s <- 0
  for (k in 1:n) s <- s + a[i, k] * b[k, j]
  c[i, j] <- s
}
print(sum(c))
print(c[1:3, 1:3])
print(isTRUE(all.equal(c, a %*% b)))
print(max(abs(c - a %*% b)) < 1e-12)
