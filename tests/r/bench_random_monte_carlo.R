# Monte Carlo simulations with set.seed: the random builtins called from hot loops
mc_pi <- function(n) {
  inside <- 0L
  for (i in 1:n) {
    x <- runif(1)
    y <- runif(1)
    if (x * x + y * y <= 1) inside <- inside + 1L
  }
  4 * inside / n
}
set.seed(2024)
print(mc_pi(1e5), digits = 10)

walk <- function(steps) {
  pos <- 0
  maxpos <- 0
  for (i in seq_len(steps)) {
    pos <- pos + rnorm(1, 0, 0.5)
    if (pos > maxpos) maxpos <- pos
  }
  c(pos, maxpos)
}
set.seed(7)
print(walk(50000), digits = 12)

dice <- function(rolls) {
  counts <- integer(6)
  for (i in 1:rolls) {
    k <- sample(6, 1)
    counts[k] <- counts[k] + 1L
  }
  counts
}
set.seed(11)
print(dice(30000))

queue <- function(n) {
  t <- 0
  served <- 0L
  arrivals <- 0L
  while (t < n) {
    t <- t + rexp(1, 2)
    arrivals <- arrivals + rpois(1, 1.5)
    served <- served + rbinom(1, 3, 0.6)
  }
  c(arrivals, served)
}
set.seed(5)
print(queue(10000))

shuffle_sum <- function(reps) {
  acc <- 0
  for (r in 1:reps) {
    p <- sample(20)
    acc <- acc + sum(p * 1:20)
  }
  acc
}
set.seed(3)
print(shuffle_sum(5000))
