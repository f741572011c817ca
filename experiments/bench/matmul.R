# Matrix multiplication with a triple loop over double matrices (classic
# numeric kernel, e.g. the Ruby/Python benchmark suites' matmul); the result is
# checked against %*%.
make_matrix <- function(n, seed) {
  m <- matrix(0, n, n)
  for (i in 1:n) {
    for (j in 1:n) {
      m[i, j] <- ((i * seed + j * 7L) %% 11L - 5) / 4
    }
  }
  m
}

matmul <- function(a, b) {
  n <- nrow(a)
  p <- ncol(a)
  q <- ncol(b)
  c <- matrix(0, n, q)
  for (i in 1:n) {
    for (j in 1:q) {
      s <- 0
      for (k in 1:p) s <- s + a[i, k] * b[k, j]
      c[i, j] <- s
    }
  }
  c
}

a <- make_matrix(90L, 3L)
b <- make_matrix(90L, 5L)

run <- function() {
  c <- matmul(a, b)
  tr <- 0
  for (i in 1:nrow(c)) tr <- tr + c[i, i]
  c(tr, sum(c), identical(c, a %*% b))
}

print(run())
