# Error from a builtin called with a character argument.
x <- "text"
sqrt(x)
