# A pending warning followed by an error: the error ends the program.
f <- function() {
  warning("first a warning")
  stop("then an error")
}
f()
