# Double subscripts that truncate out of range (0.5, NaN, past the end) or
# change type once the loops run compiled (see jit_double_subscripts.R): they
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
  print(put(ints, 2.2, 7L))
  print(mat(m, 2.5, 3.5))
}
# Subscripts that leave the typed path once the loops are compiled: R's
# own results.
print(pick(dbls, 0.5))
print(pick(dbls, NaN))
print(pick(ints, 2))
print(put(ints, 5.5, 1L))
print(put(dbls, 2, 1))
print(tryCatch(mat(m, 0.5, 1), error = function(e) conditionMessage(e)))
print(tryCatch(mat(m, 4.2, 1), error = function(e) conditionMessage(e)))
print(pick(dbls, 4.0000001))
x <- c(1, 2, 3)
print(x[-1.5])
