# Using an argument that was not supplied and has no default.
f <- function(x, y) x + y
f(1)
