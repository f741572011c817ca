# User-defined %op% operators.
`%+%` <- function(a, b) paste(a, b)
print("a" %+% "b" %+% "c")
`%||%` <- function(a, b) if (is.null(a)) b else a
print(NULL %||% "default")
print("set" %||% "default")
`%pow%` <- function(a, b) a^b
print(2 %pow% 3 * 2)
print(5 %in% 1:10)
