# m[i, j] with local variables inside functions (the interpreter's fast path):
# dims changed in place, assignment while indexing, several matrices, index
# kinds, dimnames, NA / zero / out-of-bounds indices.
total <- function(m) {
  s <- 0
  for (i in 1:nrow(m)) for (j in 1:ncol(m)) s <- s + m[i, j] * (i - j)
  s
}
print(total(matrix(1:12, 3, 4)))
print(total(matrix(as.double(1:12) / 4, 4, 3)))
print(total(matrix(c(TRUE, FALSE, NA, TRUE), 2)))

redim <- function() {
  m <- matrix(as.double(1:12), 3, 4)
  i <- 2
  j <- 3
  out <- numeric(0)
  for (k in 1:3) {
    out <- c(out, m[i, j])
    dim(m) <- c(4, 3)
    out <- c(out, m[i, j])
    attr(m, "dim") <- c(2L, 6L)
    out <- c(out, m[i, j])
    dim(m) <- c(3, 4)
    m[i, j] <- m[i, j] * 10
    out <- c(out, m[i, j])
  }
  out
}
print(redim())

shared <- function(m) {
  i <- 1L
  j <- 2L
  a <- m[i, j]
  m2 <- m
  m2[i, j] <- -1
  c(a, m[i, j], m2[i, j])
}
print(shared(matrix(1:4, 2)))

two <- function(a, b) {
  s <- 0
  for (i in 1:2) for (j in 1:2) s <- s + a[i, j] * b[j, i]
  s
}
print(two(matrix(1:4, 2), matrix(c(2.5, 3, 4, 5), 2)))

one <- function(m, i, j) m[i, j]
print(one(matrix(1:6, 2), 1.9, 2.2))
print(one(matrix(1:6, 2), 2L, 3))
print(one(matrix(c(TRUE, NA, FALSE, TRUE), 2), 2L, 1L))
print(one(matrix(c("a", "b", "c", "d"), 2), 2L, 1L))
print(one(matrix(list(1, "x", TRUE, NULL), 2), 2L, 1L))
print(one(matrix(1:4, 2, dimnames = list(c("a", "b"), c("x", "y"))), 1, 2))
print(one(matrix(1:4, 2, dimnames = list(c("a", "b"), c("x", "y"))), "b", "x"))
print(one(matrix(1:4, 2), NA_integer_, 1L))
print(one(matrix(1:4, 2), NA, 1L))
print(one(matrix(1:4, 2), 0L, 1L))
print(one(matrix(1:4, 2), -1L, 2L))
print(one(matrix(1:4, 2), 1:2, 2L))
print(tryCatch(one(matrix(1:4, 2), 3L, 1L), error = function(e) conditionMessage(e)))
print(tryCatch(one(matrix(1:4, 2), 1L, 2.5 + 1), error = function(e) conditionMessage(e)))
print(tryCatch(one(1:4, 1L, 1L), error = function(e) conditionMessage(e)))

grow <- function(n) {
  m <- matrix(0, n, n)
  for (i in 1:n) for (j in 1:n) m[i, j] <- m[i, j] + i * j
  m
}
print(grow(3))
one(matrix(1:4, 2), 5L, 1L)
