# Permute (Are We Fast Yet): generates all permutations of a 6-element vector
# by recursive swapping of a shared global vector; counts the calls.
count <- 0L
v <- integer(6)

swap <- function(i, j) {
  tmp <- v[i]
  v[i] <<- v[j]
  v[j] <<- tmp
}

permute <- function(n) {
  count <<- count + 1L
  if (n != 0L) {
    n1 <- n - 1L
    permute(n1)
    for (i in n:1) {
      swap(n, i)
      permute(n1)
      swap(n, i)
    }
  }
}

run <- function() {
  total <- 0L
  for (r in 1:3) {
    count <<- 0L
    v <<- integer(6)
    permute(6L)
    total <- total + count
  }
  total
}

print(run())
