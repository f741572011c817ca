# Integer and logical matrices: `m[i, j]` reads and `m[i, j] <- v` stores are
# typed (`is.mat<int>`, `is.mat<lgl>`, bounds assumes, `vecload`/`vecset`);
# an integer element is checked not to be NA.
# functions: bump, flip
bump <- function(m, i, j) {
  m[i, j] <- m[i, j] + 1L
  m
}
flip <- function(b, i, j) {
  b[i, j] <- !b[i, j]
  b
}
m <- matrix(0L, 3, 4)
b <- matrix(FALSE, 3, 4)
for (k in 1:20) {
  m <- bump(m, 2L, 3L)
  b <- flip(b, 1L, 2L)
}
