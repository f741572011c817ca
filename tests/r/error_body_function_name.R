# body<- and formals<- of a function's name: R finds the function (with a
# warning that 'fun' is not a function), and a function needs an
# environment: envir = gives one.
double_it <- function(x) x * 2
which_fn <- "double_it"
formals(which_fn, envir = globalenv()) <- alist(y = )
print(which_fn)
which_fn <- "double_it"
body(which_fn, envir = globalenv()) <- quote(x * 3)
print(which_fn(4))
x_target <- "double_it"
names("x_target") <- "a"
