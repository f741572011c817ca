# eigen() of symmetric matrices: values, vectors up to sign, reconstruction,
# only.values, the spectral norm of the shootout's spectralnorm_math.
m <- matrix(c(2, 1, 1, 2), 2)
e <- eigen(m)
print(class(e))
print(names(e))
print(e$values)
print(abs(e$vectors))
print(eigen(m, only.values = TRUE))
m3 <- matrix(c(4, 1, 2, 1, 3, 0, 2, 0, 5), 3)
e3 <- eigen(m3)
print(e3$values)
print(abs(e3$vectors))
# A = V diag(values) t(V), and V orthonormal
print(all.equal(e3$vectors %*% diag(e3$values) %*% t(e3$vectors), m3))
print(all.equal(crossprod(e3$vectors), diag(3)))
print(eigen(diag(c(3, 1, 2)))$values)
print(round(eigen(crossprod(matrix(1:12, 4)))$values, 8))
print(eigen(matrix(5))$values)
eval_A <- function(i, j) 1 / ((i + j - 2) * (i + j - 1) / 2 + i)
spectral <- function(n) {
  a <- outer(seq(n), seq(n), FUN = eval_A)
  sqrt(max(eigen(t(a) %*% a)$values))
}
cat(format(spectral(100), digits = 10), "\n")
# eigenvalues of many small covariance-like matrices in a loop
set.seed(7)
total <- 0
for (k in 1:300) {
  x <- matrix(runif(12), 4)
  ev <- eigen(crossprod(x), only.values = TRUE)$values
  total <- total + ev[1] - ev[3]
}
cat(round(total, 6), "\n")
print(tryCatch(eigen(matrix(1:6, 2)), error = function(e) conditionMessage(e)))
print(tryCatch(eigen(matrix(c(1, NA, NA, 1), 2)), error = function(e) conditionMessage(e)))
