# Reading an undefined variable inside a function.
f <- function() missing_thing + 1
f()
