# Out-of-bounds `m[i, j] <- v` inside a loop of a function that gets compiled:
# GNU R names the replacement call `[<-`(`*tmp*`, i, j, value = v).
fill <- function(m, n) {
  for (i in 1:n) {
    for (j in 1:ncol(m)) m[i, j] <- i * 10 + j
  }
  m
}
m <- matrix(0, 3, 2)
for (k in 1:3) print(sum(fill(m, 3)))
fill(m, 4)
