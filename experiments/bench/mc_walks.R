# Monte Carlo with R's own generator: pi by dart throwing (vectorised runif),
# 2-D lattice random walks (sample.int of the four moves, walked in a loop),
# the gambler's ruin by simulation against its closed form, and the expected
# maximum of a Gaussian random walk. Report formatted under options(digits = 4).

estimate_pi <- function(n) {
  x <- runif(n)
  y <- runif(n)
  4 * sum(x * x + y * y <= 1) / n
}

lattice_walk <- function(steps) {
  dx <- c(1, -1, 0, 0)
  dy <- c(0, 0, 1, -1)
  moves <- sample.int(4, steps, replace = TRUE)
  x <- 0
  y <- 0
  far <- 0
  returns <- 0
  for (k in moves) {
    x <- x + dx[k]
    y <- y + dy[k]
    d <- abs(x) + abs(y)
    if (d > far) far <- d
    if (x == 0 && y == 0) returns <- returns + 1
  }
  c(x * x + y * y, far, returns)
}

gamblers_ruin <- function(start, goal, p) {
  money <- start
  n <- 0
  while (money > 0 && money < goal) {
    if (runif(1) < p) money <- money + 1 else money <- money - 1
    n <- n + 1
  }
  c(money == goal, n)
}

ruin_exact <- function(start, goal, p) {
  r <- (1 - p) / p
  (1 - r^start) / (1 - r^goal)
}

gauss_max <- function(steps, reps) {
  best <- numeric(reps)
  for (r in seq_len(reps)) {
    path <- cumsum(rnorm(steps))
    best[r] <- max(path)
  }
  mean(best)
}

run <- function() {
  set.seed(20240101)
  op <- options(digits = 4)
  on.exit(options(op))
  pis <- sapply(rep.int(2500, 8), estimate_pi)
  walks <- t(sapply(1:40, function(i) lattice_walk(400)))
  colnames(walks) <- c("r2", "far", "returns")
  games <- matrix(0, 120, 2)
  for (g in 1:120) games[g, ] <- gamblers_ruin(8, 16, 0.47)
  gm <- gauss_max(100, 60)
  c(pi = format(mean(pis)),
    pi_spread = format(max(pis) - min(pis)),
    msd = format(mean(walks[, "r2"])),
    far = format(mean(walks[, "far"])),
    returns = format(sum(walks[, "returns"])),
    win_sim = format(mean(games[, 1])),
    win_exact = format(ruin_exact(8, 16, 0.47)),
    duration = format(mean(games[, 2])),
    gauss_max = format(gm),
    digits = format(getOption("digits")))
}

print(run())
