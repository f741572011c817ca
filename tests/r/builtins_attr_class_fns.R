# structure, unclass, attributes, names<- with NULL, class<- with NULL.
x <- structure(1:4, myattr = "v")
print(attributes(x))
x <- structure(1:4, class = "tagged")
print(class(x))
class(x) <- NULL
print(x)
print(class(x))
y <- c(a = 1, b = 2)
names(y) <- NULL
print(y)
z <- 1:4
dim(z) <- c(2, 2)
print(attributes(z))
z2 <- unclass(structure(list(a = 1), class = "rec"))
print(z2)
print(names(c(1, b = 2)))
