# Matrix indexing m[i,j], m[i,], m[,j], and drop behaviour.
m <- matrix(1:12, nrow = 3)
print(m[2, 3])
print(m[2, ])
print(m[, 3])
print(m[1:2, 2:3])
print(m[-1, ])
print(m[, c(TRUE, FALSE, TRUE, FALSE)])
print(m[5])
print(m[m > 6])
print(m[2, , drop = FALSE])
print(m[, 1, drop = FALSE])
print(dim(m[1:2, ]))
print(nrow(m)); print(ncol(m))
m[2, 3] <- 100L
print(m)
m[1, ] <- 0L
print(m)
m[, 4] <- c(-1L, -2L, -3L)
print(m)
m2 <- matrix(0, 2, 2)
m2[1, 2] <- 5.5
print(m2)
print(m[cbind(c(1, 2), c(3, 4))])
