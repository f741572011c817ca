# invisible() suppresses auto-printing but not print() or assignment.
f <- function(x) invisible(x * 2)
f(5)
y <- f(5)
print(y)
print(f(1))
(f(2))
g <- function() { r <- invisible(3); r }
g()
h <- function() { invisible(4); 5 }
h()
k <- function(x) if (x) invisible("hidden") else "shown"
k(TRUE)
k(FALSE)
