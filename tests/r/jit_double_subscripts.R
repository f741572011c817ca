# Double subscripts in compiled loops: R truncates them toward zero
# (x[2.9] is x[2]); values that truncate out of range (0.5, -1.5, NaN, huge)
# must leave the typed path and give R's result.
pick <- function(x, d) {
  s <- 0
  for (k in 1:200) s <- s + x[d] + x[1] + x[2.9]
  s
}
put <- function(x, d, v) {
  for (k in 1:200) {
    x[d] <- v
    x[1.5] <- x[1.5] + 1L
  }
  x
}
mat <- function(m, a, b) {
  s <- 0
  for (k in 1:200) s <- s + m[a, b] + m[1.99, 2.01]
  s
}
ints <- c(10L, 20L, 30L, 40L)
dbls <- c(1.5, 2.5, 3.5, 4.5)
m <- matrix(as.numeric(1:12), 3, 4)
for (r in 1:3) {
  print(pick(dbls, 3.7))
  print(pick(dbls, 4))
  print(put(ints, 2.2, 7L))
  print(put(ints, 3.999, 0L))
  print(mat(m, 2.5, 3.5))
}
