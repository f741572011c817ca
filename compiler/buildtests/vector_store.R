# Element stores `x[i] <- v` into a double vector created in the function
# (`numeric(n)`): a typed store (`vecset`) with the generic store only as
# its fallback, and `length` of the vector.
# functions: squares
squares <- function(n) {
  y <- numeric(n)
  for (i in 1:n) y[i] <- i * 0.5
  length(y) + y[n]
}
for (k in 1:20) squares(8L)
