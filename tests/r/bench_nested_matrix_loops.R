# Nested loops with matrix indexing: fill, then a weighted checksum.
n <- 40
m <- matrix(0, n, n)
for (i in 1:n) for (j in 1:n) m[i, j] <- (i * j) %% 13 - 6
checksum <- 0
for (i in 1:n) for (j in 1:n) checksum <- checksum + m[i, j] * (i - j)
print(checksum)
print(sum(m))
print(m[1:5, 1:5])
