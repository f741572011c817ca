# on.exit runs when a function exits, normally or via error.
f <- function() {
  on.exit(cat("cleanup f\n"))
  cat("body f\n")
  invisible(1)
}
f()
g <- function() {
  on.exit(cat("first\n"))
  on.exit(cat("second\n"), add = TRUE)
  "value"
}
print(g())
h <- function() {
  on.exit(cat("replaced\n"))
  on.exit(cat("only this\n"))
  NULL
}
h()
k <- function() {
  on.exit(cat("cleanup on error\n"))
  stop("boom")
}
r <- tryCatch(k(), error = function(e) conditionMessage(e))
print(r)
m <- function() {
  x <- 1
  on.exit(cat("x at exit:", x, "\n"))
  x <- 2
  return(x * 10)
}
print(m())
