# stop(call. = FALSE) inside a function prints "Error: msg".
f <- function() stop("no call shown", call. = FALSE)
f()
