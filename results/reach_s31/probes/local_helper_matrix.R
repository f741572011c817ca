outer_fn <- function(n) {
  cache <- matrix(0, n, n)
  for (i in 1:n) for (j in 1:n) cache[[i, j]] <- 1 / (i + j)
  ev <- function(i, j) cache[[i, j]]
  m <- matrix(0, n, n)
  s <- 0
  for (r in 1:20) for (i in 1:n) for (j in 1:n) s <- s + ev(i, j)
  s
}
print(outer_fn(100))
