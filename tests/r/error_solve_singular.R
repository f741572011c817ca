m <- matrix(c(1, 2, 2, 4), 2)
print(det(m))
f <- function(a) solve(a)
f(m)
