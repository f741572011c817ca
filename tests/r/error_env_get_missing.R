e <- new.env()
e$a <- 1
f <- function(name) get(name, envir = e)
print(f("a"))
f("b")
