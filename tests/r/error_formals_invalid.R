# formals<- needs a name for every parameter.
f <- function(a, b = 2) a * b
formals(f) <- alist(a = , b = 3)
print(f(2))
formals(f) <- list(a = 1, 4)
print("not reached")
