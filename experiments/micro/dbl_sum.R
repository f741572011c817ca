# Double vector sum by an explicit loop.
vsum <- function(x) {
  s <- 0
  for (i in seq_along(x)) s <- s + x[i]
  s
}
x <- seq(0.5, 1000000, by = 0.5)
bench <- function() vsum(x)
