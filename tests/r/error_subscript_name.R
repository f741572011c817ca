# [[ with a missing name on an atomic vector: subscript out of bounds.
x <- c(a = 1, b = 2)
x[["c"]]
