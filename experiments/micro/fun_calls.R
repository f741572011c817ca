# A small function called in a loop.
add3 <- function(a, b, c = 1) a + b * c
calls <- function(n) {
  s <- 0
  for (i in 1:n) s <- add3(s, i, 0.5)
  s
}
bench <- function() calls(500000L)
