# QuickSort (SOM benchmark suite): sorts 2000 integers (twice) from the suite's LCG with
# a recursive in-place quicksort on a global vector; verifies the order.
seed <- 74755L
a <- integer(0)

next_random <- function() {
  seed <<- bitwAnd(seed * 1309L + 13849L, 65535L)
  seed
}

quick_sort <- function(lo, hi) {
  pivot <- a[(lo + hi) %/% 2L]
  i <- lo
  j <- hi
  while (i <= j) {
    while (a[i] < pivot) i <- i + 1L
    while (pivot < a[j]) j <- j - 1L
    if (i <= j) {
      t <- a[i]
      a[i] <<- a[j]
      a[j] <<- t
      i <- i + 1L
      j <- j - 1L
    }
  }
  if (lo < j) quick_sort(lo, j)
  if (i < hi) quick_sort(i, hi)
}

sort_round <- function(n) {
  a <<- integer(n)
  for (k in 1:n) a[k] <<- next_random()
  quick_sort(1L, n)
  sorted <- TRUE
  for (k in 2:n) if (a[k - 1L] > a[k]) sorted <- FALSE
  c(sorted, a[1], a[n %/% 2L], a[n])
}

run <- function() {
  seed <<- 74755L
  c(sort_round(2000L), sort_round(2000L))
}

print(run())
