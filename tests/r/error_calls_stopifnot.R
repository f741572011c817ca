f <- function(x) { stopifnot(x > 0); x }
print(f(2))
f(-1)
