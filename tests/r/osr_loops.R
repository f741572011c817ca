# Loops that run long inside one call: OSR-in enters native code at a loop
# header (for over a range, seq_along, while, repeat, nested loops, a loop whose
# variable types change, and a loop that exits through `return`).
range_sum <- function(n) {
  s <- 0
  for (i in 1:n) s <- s + i / 2
  s
}
along_sum <- function(x) {
  s <- 0L
  for (i in seq_along(x)) s <- s + x[i]
  s
}
while_count <- function(n) {
  i <- 0L
  k <- 0L
  while (i < n) {
    i <- i + 1L
    if (i %% 7L == 0L) k <- k + 1L
  }
  k
}
repeat_find <- function(limit) {
  i <- 1L
  repeat {
    i <- i + 2L
    if (i * i > limit) break
  }
  i
}
nested <- function(n, m) {
  acc <- 0
  for (i in 1:n) {
    for (j in 1:m) {
      acc <- acc + (i * j) %% 5
    }
  }
  acc
}
changing <- function(n) {
  s <- 0L
  for (i in 1:n) {
    if (i == 500L) s <- s + 0.5
    s <- s + i
  }
  s
}
early <- function(x, target) {
  for (i in seq_along(x)) {
    if (x[i] == target) return(i)
  }
  -1L
}
overflow <- function(n) {
  s <- 2147483000L
  for (i in 1:n) s <- s + 1L
  s
}
print(range_sum(20000))
print(along_sum(1:3000))
print(while_count(10000L))
print(repeat_find(1000000))
print(nested(60, 70))
print(changing(2000L))
print(early(c(5, 3, 8, 13, 21, 34, 55, 89), 34))
print(early(as.numeric(1:5000), 4321))
print(overflow(1000L))
