# warning() given a condition object uses its message and call; cumsum's
# integer overflow warning names the context's call.
f <- function() warning(simpleWarning("custom w"))
f()
x <- cumsum(c(.Machine$integer.max, 1L))
k <- function(v) cumsum(v)
y <- k(c(.Machine$integer.max, 1L))
print(c(x, y))
