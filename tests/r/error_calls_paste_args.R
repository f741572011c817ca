# An error in an argument of paste (a closure in R) inside two calls.
f <- function(x) x + 1
g <- function() f("a")
paste("r", g())
