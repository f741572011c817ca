col_means <- function(m) apply(m, 2, mean)
roots <- function(xs) sapply(xs, sqrt)
m <- matrix(as.double(1:12), 3, 4)
s <- 0
for (k in 1:300) s <- s + sum(col_means(m)) + sum(roots(c(1, 4, 9)))
print(s)
