# Too many positional arguments.
g <- function(a, b) a - b
g(1, 2, 3)
