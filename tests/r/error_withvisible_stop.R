f <- function() withVisible(stop("a"))
print(withVisible(1))
f()
