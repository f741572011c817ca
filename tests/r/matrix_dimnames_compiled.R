# Matrices with dimnames in compiled loops (element reads and stores in
# place and copy-on-write, nrow/ncol, diag), a Jacobi rotation like the
# public suites', and the same code on a matrix without dimnames.
colsum_first <- function(a) {
  p <- nrow(a)
  s <- 0
  for (k in 1:p) s <- s + a[k, 1]
  a[1, 1] <- s
  a
}
m <- matrix(1:4 + 0.5, 2, 2)
dimnames(m) <- list(c("a", "b"), c("x", "y"))
for (k in 1:200) r <- colsum_first(m)
print(r)
print(m)
trace_of <- function(a) sum(diag(a))
for (k in 1:200) r <- trace_of(m)
print(r)

rotate <- function(a, i, j, c, s) {
  p <- ncol(a)
  for (k in 1:p) {
    aki <- a[k, i]
    akj <- a[k, j]
    a[k, i] <- c * aki - s * akj
    a[k, j] <- s * aki + c * akj
  }
  a
}
set.seed(3)
b <- crossprod(matrix(rnorm(25), 5, 5))
dimnames(b) <- list(paste0("r", 1:5), paste0("c", 1:5))
for (k in 1:300) b <- rotate(b, 1 + k %% 4, 5 - k %% 3, cos(0.01), sin(0.01))
print(round(b, 4))
plain <- unname(b)
for (k in 1:100) plain <- rotate(plain, 2, 3, cos(0.2), sin(0.2))
print(round(plain[1:2, ], 4))
