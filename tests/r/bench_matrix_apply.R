# Vectorised matrix work: outer products, row/col sums, transposes.
n <- 12
m <- outer(1:n, 1:n, function(i, j) (i * 3 + j * 7) %% 10)
print(rowSums(m))
print(colSums(m))
p <- m %*% t(m)
print(sum(diag(p)))
print(crossprod(1:n, m %*% rep(1, n)))
sym <- p == t(p)
print(all(sym))
print(which.max(rowSums(m)))
