# Integer overflow gives NA with a warning.
x <- .Machine$integer.max
print(x)
print(typeof(x))
y <- x + 1L
print(y)
print(x + 1)
print(-x - 1L)
z <- 100000L * 100000L
print(z)
print(2147483647L - 1L)
