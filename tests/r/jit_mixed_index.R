# Subscripts and stored values that are integers on some paths and doubles
# on others (`up <- if (i == 1) n else i - 1` with n an integer): R indexes
# with a double truncated, so compiled code reads them as doubles
# (`test is.num`) and indexes directly.
neighbours <- function(s) {
  n <- nrow(s)
  total <- 0
  for (i in 1:n) {
    up <- if (i == 1) n else i - 1
    dn <- if (i == n) 1L else i + 1
    for (j in 1:n) {
      lf <- if (j == 1) n else j - 1
      rt <- if (j == n) 1 else j + 1L
      total <- total + s[up, j] + s[dn, j] + s[i, lf] + s[i, rt]
    }
  }
  total
}

ring_shift <- function(x, k) {
  n <- length(x)
  out <- numeric(n)
  for (i in seq_len(n)) {
    src <- if (i + k > n) i + k - n else i + k
    if (i %% 3 == 0) src <- as.integer(src)
    out[i] <- x[src]
    if (i %% 4 == 0) out[src] <- out[src] + 0.5
  }
  out
}

store_mixed <- function(m) {
  n <- nrow(m)
  for (i in 1:n) {
    for (j in 1:ncol(m)) {
      v <- if ((i + j) %% 2 == 0) i * j else i / j
      if (i == j) v <- as.integer(i)
      m[i, j] <- v
    }
  }
  m
}

# A double subscript truncates: 2.9 reads element 2.
trunc_index <- function(x, reps) {
  acc <- 0
  for (r in 1:reps) {
    k <- if (r %% 2 == 0) 2.9 else 3L
    acc <- acc + x[k]
  }
  acc
}

set.seed(7)
s <- matrix(sample(c(-1, 1), 64, replace = TRUE), 8, 8)
acc <- 0
for (r in 1:200) acc <- acc + neighbours(s)
print(acc)
print(neighbours(matrix(as.double(1:25), 5, 5)))

v <- as.double(1:12)
for (r in 1:100) w <- ring_shift(v, 5)
print(w)
print(ring_shift(c(1.5, 2.5, 3.5), 1L))

m0 <- matrix(0, 4, 5)
for (r in 1:100) m1 <- store_mixed(m0)
print(m1)

for (r in 1:50) t1 <- trunc_index(c(10, 20, 30, 40), 40)
print(t1)
print(trunc_index(c(10, 20), 3))
