# $ on an atomic vector is an error.
x <- c(a = 1)
x$a
