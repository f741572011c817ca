inner <- function() stop("in inner")
f <- function() suppressMessages({ message("hidden"); inner() })
f()
