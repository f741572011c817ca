# The volcano dataset (datasets package), as the deoptless paper's example uses it.
print(dim(volcano))
print(typeof(volcano))
print(volcano[1:5, 1:8])
print(sum(volcano)); print(range(volcano)); print(mean(volcano))
print(identical(volcano, datasets::volcano))
print(colSums(volcano)[1:10])
v <- volcano
v[1, 1] <- 0
print(volcano[1, 1]); print(v[1, 1])
# A volcano-style loop over the matrix (max of 3x3 neighbourhoods).
n <- nrow(volcano); m <- ncol(volcano)
acc <- 0
for (i in 2:(n - 1)) for (j in 2:(m - 1)) {
  mx <- volcano[i, j]
  for (di in -1:1) for (dj in -1:1) if (volcano[i + di, j + dj] > mx) mx <- volcano[i + di, j + dj]
  acc <- acc + mx - volcano[i, j]
}
print(acc)
volcano <- 1
print(volcano)
print(dim(datasets::volcano))
