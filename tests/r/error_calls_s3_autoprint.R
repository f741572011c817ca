# A print method that fails under auto-printing (R calls print anonymously).
print.foo <- function(x, ...) stop("cannot print a foo")
structure(1, class = "foo")
