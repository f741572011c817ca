# Top-level loops: a plain R script whose work is done by loops at the top
# level over global variables (Monte Carlo estimate of pi with an own LCG,
# Welford running mean/variance, a 10-bin histogram, then a while loop over
# the histogram), as people write R scripts without wrapping them in
# functions. The harness times run(), which repeats the same loops inside a
# function; the top-level loops run once when the file is loaded, so their
# cost is the harness's load time (load_ns) and the whole-file time. run()
# also checks that its result equals the one computed at the top level.
n <- 150000L
seed <- 42
inside <- 0L
count <- 0L
mean_u <- 0
m2 <- 0
hist <- integer(10)
for (i in 1:n) {
  seed <- (seed * 69069 + 1) %% 4294967296
  u <- seed / 4294967296
  seed <- (seed * 69069 + 1) %% 4294967296
  v <- seed / 4294967296
  if (u * u + v * v <= 1) inside <- inside + 1L
  count <- count + 1L
  delta <- u - mean_u
  mean_u <- mean_u + delta / count
  m2 <- m2 + delta * (u - mean_u)
  bin <- floor(u * 10) + 1
  hist[bin] <- hist[bin] + 1L
}
weights <- seq(0.5, 5, by = 0.5)
spread <- 0
b <- 1L
while (b <= length(hist)) {
  spread <- spread + weights[b] * abs(hist[b] - n / 10)
  b <- b + 1L
}
top_result <- c(sprintf("%.6f", 4 * inside / n), sprintf("%.8f", mean_u),
                sprintf("%.8f", m2 / (n - 1L)), paste(hist, collapse = " "),
                sprintf("%.1f", spread))

monte_carlo <- function(n) {
  seed <- 42
  inside <- 0L
  count <- 0L
  mean_u <- 0
  m2 <- 0
  hist <- integer(10)
  for (i in 1:n) {
    seed <- (seed * 69069 + 1) %% 4294967296
    u <- seed / 4294967296
    seed <- (seed * 69069 + 1) %% 4294967296
    v <- seed / 4294967296
    if (u * u + v * v <= 1) inside <- inside + 1L
    count <- count + 1L
    delta <- u - mean_u
    mean_u <- mean_u + delta / count
    m2 <- m2 + delta * (u - mean_u)
    bin <- floor(u * 10) + 1
    hist[bin] <- hist[bin] + 1L
  }
  weights <- seq(0.5, 5, by = 0.5)
  spread <- 0
  b <- 1L
  while (b <= length(hist)) {
    spread <- spread + weights[b] * abs(hist[b] - n / 10)
    b <- b + 1L
  }
  c(sprintf("%.6f", 4 * inside / n), sprintf("%.8f", mean_u),
    sprintf("%.8f", m2 / (n - 1L)), paste(hist, collapse = " "),
    sprintf("%.1f", spread))
}

run <- function() {
  r <- monte_carlo(n)
  c(r, if (identical(r, top_result)) "same as top level" else "DIFFERENT from top level")
}

print(run())
