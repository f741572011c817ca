# Supplying an argument the function does not have.
f <- function(x) x * 2
print(f(2))
f(1, z = 3)
