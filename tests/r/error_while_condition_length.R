# while with a condition of length > 1 inside a function.
f <- function() {
  i <- 1:3
  while (i < 5) i <- i + 1
}
f()
