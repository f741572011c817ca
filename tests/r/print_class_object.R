# Objects with a class attribute but no print method print with attr(,"class").
x <- structure(1:3, class = "foo")
print(x)
x
y <- list(a = 1, b = "z")
class(y) <- "record"
print(y)
z <- 5
class(z) <- c("a", "b")
print(z)
print(class(z))
print(inherits(z, "b"))
print(inherits(z, "c"))
print(class(unclass(z)))
