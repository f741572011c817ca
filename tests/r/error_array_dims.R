a <- array(1:24, dim = c(2, 3, 4))
f <- function(x) x[1, 2]
print(dim(a))
f(a)
