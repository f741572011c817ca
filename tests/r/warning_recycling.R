# Recycling warning and integer overflow warning at top level.
x <- 1:3 + 1:2
print(x)
y <- .Machine$integer.max + 1L
print(y)
z <- log(-1)
print(z)
