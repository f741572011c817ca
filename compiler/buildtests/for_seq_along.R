# `for (i in seq_along(x))` reading `x[i]` from a double vector: the loop
# counts to the vector's length and the element read is a typed, in-bounds
# load (`vecload`) into a double accumulator.
# functions: total
total <- function(x) {
  s <- 0
  for (i in seq_along(x)) s <- s + x[i]
  s
}
for (k in 1:20) total(c(1.5, 2.5, 3.5, 4.5))
