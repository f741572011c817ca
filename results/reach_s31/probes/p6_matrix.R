n <- 300
m <- matrix(0, n, n)
for (i in 1:n) for (j in 1:n) m[i, j] <- (i * j) %% 7
s <- 0
for (i in 1:n) for (j in 1:n) if (m[i, j] > 3) s <- s + m[i, j]
print(s)
life_step <- function(g) {
  nr <- nrow(g); nc <- ncol(g)
  new <- g
  for (i in 2:(nr - 1)) for (j in 2:(nc - 1)) {
    nb <- g[i-1,j-1] + g[i-1,j] + g[i-1,j+1] + g[i,j-1] + g[i,j+1] + g[i+1,j-1] + g[i+1,j] + g[i+1,j+1]
    new[i, j] <- if (g[i, j] == 1 && (nb == 2 || nb == 3)) 1 else if (g[i, j] == 0 && nb == 3) 1 else 0
  }
  new
}
set.seed(3)
g <- matrix(rbinom(80 * 80, 1, 0.3), 80, 80)
for (k in 1:30) g <- life_step(g)
print(sum(g))
