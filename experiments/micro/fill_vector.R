# A result vector filled element by element in a loop (R's most common loop).
fill <- function(n) {
  out <- numeric(n)
  for (i in 1:n) out[i] <- i * 0.5 + (i %% 7L)
  out
}
bench <- function() sum(fill(500000L))
