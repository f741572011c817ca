# formals<- of the name of a function that does not exist.
name <- "no_such_function"
formals(name) <- alist(a = )
