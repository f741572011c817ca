# Printing of vectors with extra attributes and with a class attribute.
x <- 1:3
attr(x, "myattr") <- "hello"
print(x)
y <- c(a = 1, b = 2)
attr(y, "units") <- "cm"
print(y)
print(attributes(y))
z <- 1:3
class(z) <- "myclass"
print(unclass(z))
print(inherits(z, "myclass"))
l <- list(a = 1)
attr(l, "note") <- 42
print(l)
m <- matrix(1:4, 2)
attr(m, "extra") <- TRUE
print(m)
attr(x, "myattr") <- NULL
print(x)
print(attr(y, "units"))
