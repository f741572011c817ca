# Errors of an ordinary `x[i] <- v` name the whole assignment.
f <- function(x) {
  x[2] <- 0
  x[list(1)] <- 2
  x
}
f(1:3)
