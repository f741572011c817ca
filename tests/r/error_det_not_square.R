print(det(matrix(c(1, 2, 3, 4), 2)))
f <- function(m) det(m)
f(matrix(1:6, 2))
