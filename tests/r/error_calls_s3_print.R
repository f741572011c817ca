# A print method that fails, called by print() (a generic in R).
print.foo <- function(x, ...) stop("cannot print a foo")
x <- structure(1, class = "foo")
print(x)
