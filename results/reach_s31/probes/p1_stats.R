# running statistics over a data vector, written plainly
set.seed(1)
x <- runif(200000)
running_stats <- function(x) {
  n <- length(x)
  m <- 0; s2 <- 0
  mins <- numeric(n)
  cur_min <- Inf
  for (i in seq_along(x)) {
    d <- x[i] - m
    m <- m + d / i
    s2 <- s2 + d * (x[i] - m)
    if (x[i] < cur_min) cur_min <- x[i]
    mins[i] <- cur_min
  }
  list(mean = m, var = s2 / (n - 1), last_min = mins[n])
}
for (k in 1:10) r <- running_stats(x)
print(r)
