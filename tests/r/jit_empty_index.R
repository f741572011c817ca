# Empty index positions (m[i, ], m[, j]) in compiled code (the generic runtime path).
m <- matrix(as.double(1:6), 2, 3)
g <- function() m[2, ]
for (r in 1:102) x <- g()
print(x)
h <- function(m) m[, 3]
for (r in 1:102) y <- h(m)
print(y)
