# solve (LU with partial pivoting, as LAPACK's dgesv) and det
a <- matrix(c(2, 1, 1, 3), 2)
print(solve(a))
print(solve(a, c(1, 2)))
print(solve(a, matrix(1:4, 2)))
print(a %*% solve(a))
print(det(a))
b <- matrix(c(4, -2, 1, 3, 6, -4, 2, 1, 8), 3)
print(solve(b))
print(solve(b, c(1, 0, -1)))
print(det(b)); print(det(solve(b)))
print(solve(b) %*% b)
h <- outer(1:4, 1:4, function(i, j) 1 / (i + j - 1))
print(solve(h))
print(det(h))
print(solve(h, rep(1, 4)), digits = 12)
p <- matrix(c(0, 1, 0, 0, 0, 1, 1, 0, 0), 3)
print(solve(p)); print(det(p))
print(det(diag(3))); print(det(diag(c(2, -3, 4)))); print(det(matrix(1:4, 2))); print(det(matrix(c(TRUE, FALSE, FALSE, TRUE), 2)))
print(det(matrix(1:9, 3))); print(det(matrix(0, 2, 2))); print(det(matrix(numeric(0), 0, 0)))
print(det(matrix(c(1, NA, 3, 4), 2))); print(det(matrix(c(1, Inf, 3, 4), 2)))
print(solve(2)); print(solve(2, 4)); print(solve(matrix(5)))
print(solve(matrix(1:4, 2)))
print(solve(matrix(c(1, 2, 3, 4, 5, 6, 7, 8, 10), 3)))
print(solve(matrix(c(1, 1, 1, 1 + 1e-15), 2)))
print(solve(matrix(c(1e-300, 0, 0, 1e-300), 2)))
print(solve(matrix(c(1, 2, 3, 4), 2), c(NA, 1)))
# names and dimnames
dn <- matrix(c(2, 0, 0, 4), 2, dimnames = list(c("a", "b"), c("x", "y")))
print(solve(dn))
print(solve(dn, c(1, 2)))
print(solve(dn, matrix(1:4, 2, dimnames = list(NULL, c("p", "q")))))
print(solve(matrix(c(2, 0, 0, 2), 2), matrix(1:2, 2, dimnames = list(c("p", "q"), "r"))))
print(solve(matrix(c(2, 1, 1, 3), 2), matrix(1:4, 2, dimnames = list(c("p", "q"), NULL))))
print(solve(c(a = 4)))
set.seed(3)
r5 <- matrix(round(rnorm(25), 2), 5)
print(solve(r5))
print(det(r5))
big <- matrix(runif(80 * 80), 80) + diag(10, 80)
ib <- solve(big)
print(max(abs(ib %*% big - diag(80))) < 1e-12)
print(sum(ib), digits = 15)
print(det(big / 10), digits = 15)
for (s in c("sing1", "sing2", "zero", "comp", "square", "b", "bmat", "empty", "char", "detsq", "detvec")) {
  r <- tryCatch(switch(s,
    sing1 = solve(matrix(c(1, 2, 2, 4), 2)),
    sing2 = solve(matrix(1:9, 3)),
    zero = solve(matrix(0, 3, 3)),
    comp = solve(matrix(c(3, 1, 2, 3e-17, 1e-17, 2e-17, 1, 1, 1), 3)),
    square = solve(matrix(1:6, 2)),
    b = solve(matrix(1:4, 2), 1:3),
    bmat = solve(matrix(1:4, 2), matrix(1:6, 3)),
    empty = solve(matrix(numeric(0), 0, 0)),
    char = solve(matrix("a", 1, 1)),
    detsq = det(matrix(1:6, 2)),
    detvec = det(1:3)), error = function(e) conditionMessage(e))
  print(r)
}
r <- tryCatch(solve(matrix(c(1, NA, 3, 4), 2)), error = function(e) conditionMessage(e))
print(r)
r <- tryCatch(solve(matrix(c(1e300, 2, 3, 4), 2)), error = function(e) conditionMessage(e))
print(r)
# in compiled code
f <- function(n) {
  s <- 0
  for (i in 1:n) {
    m <- matrix(c(i %% 7 + 2, 1, i %% 3, 1, i %% 5 + 3, 2, 0, 1, i %% 4 + 4), 3)
    x <- solve(m, c(1, i %% 10, 2))
    s <- s + sum(x) + det(m) + solve(m)[2, 3]
  }
  s
}
print(f(320), digits = 12)
