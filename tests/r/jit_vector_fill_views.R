# Vectors filled in loops (out[i] <- ...), stored in place by compiled code
# and carried around the loop with their view: what happens to the vector
# mid-loop must not be missed (a type change, sharing, attributes, growth,
# replacement, a matrix).
fill <- function(n, mode) {
  out <- numeric(n)
  keep <- NULL
  for (i in seq_len(n)) {
    if (mode == 1L && i == 4L) out[i] <- "four" else out[i] <- i / 2
    if (mode == 2L && i == 3L) keep <- out
    if (mode == 3L && i == 5L) names(out) <- letters[seq_len(n)]
    if (mode == 4L && i == 2L) out[n + 2L] <- -1
    if (mode == 5L && i == 6L) out <- numeric(n + 1L)
    if (mode == 6L && i == 3L) dim(out) <- c(2L, n %/% 2L)
    if (mode == 7L && i == 5L) out[i] <- NA
  }
  list(out, keep)
}
ints <- function(n) {
  v <- integer(n)
  flags <- logical(n)
  for (i in seq_len(n)) {
    v[i] <- i * 3L
    flags[i] <- v[i] %% 2L == 0L
  }
  list(v, flags)
}
grid <- function(r, c) {
  m <- matrix(0, r, c)
  for (i in 1:r) for (j in 1:c) m[i, j] <- i * 10 + j
  m
}
for (k in 1:300) {
  a <- fill(8L, 0L)
  b <- ints(7L)
  g <- grid(3L, 4L)
}
print(a)
print(b)
print(g)
for (mode in 1:7) print(fill(8L, mode))
print(ints(0L))
print(grid(1L, 1L))
