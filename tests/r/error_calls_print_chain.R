# Calls: line for an error two closures deep inside print(): R forces the
# argument inside print, so print heads the chain.
f <- function(x) stop("boom")
g <- function() f(1)
print(g())
