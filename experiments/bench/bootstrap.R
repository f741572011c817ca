# Bootstrap and jackknife of robust statistics: a skewed sample (mixture of
# exponential and normal draws), bootstrap standard errors and percentile
# intervals of the median and the 10% trimmed mean (sample(replace = TRUE)),
# the jackknife bias of the variance, and a two-sample permutation test.

my_median <- function(x) {
  s <- sort(x)
  n <- length(s)
  if (n %% 2 == 1) s[(n + 1) / 2] else (s[n / 2] + s[n / 2 + 1]) / 2
}

trimmed_mean <- function(x, trim) {
  s <- sort(x)
  n <- length(s)
  k <- floor(n * trim)
  mean(s[(k + 1):(n - k)])
}

my_var <- function(x) sum((x - mean(x))^2) / (length(x) - 1)

percentile <- function(x, p) {
  s <- sort(x)
  s[max(1, round(p * length(s)))]
}

bootstrap <- function(x, stat, reps) {
  n <- length(x)
  out <- numeric(reps)
  for (b in seq_len(reps)) {
    out[b] <- stat(x[sample.int(n, n, replace = TRUE)])
  }
  out
}

jackknife <- function(x, stat) {
  n <- length(x)
  vals <- vapply(seq_len(n), function(i) stat(x[-i]), numeric(1))
  list(bias = (n - 1) * (mean(vals) - stat(x)),
       se = sqrt((n - 1) / n * sum((vals - mean(vals))^2)))
}

perm_test <- function(a, b, reps) {
  observed <- mean(a) - mean(b)
  pooled <- c(a, b)
  na <- length(a)
  hits <- 0
  for (r in seq_len(reps)) {
    idx <- sample(length(pooled))
    d <- mean(pooled[idx[1:na]]) - mean(pooled[-idx[1:na]])
    if (abs(d) >= abs(observed)) hits <- hits + 1
  }
  (hits + 1) / (reps + 1)
}

run <- function() {
  set.seed(2718)
  x <- c(rexp(70, rate = 0.5), rnorm(30, mean = 6, sd = 1.5))
  med <- bootstrap(x, my_median, 400)
  tm <- bootstrap(x, function(v) trimmed_mean(v, 0.1), 400)
  jk <- jackknife(x, function(v) sqrt(my_var(v)))
  a <- rnorm(25, 10, 2)
  b <- rnorm(25, 11.2, 2)
  p <- perm_test(a, b, 400)
  sprintf("%-8s %9.4f %9.4f %9.4f %9.4f",
          c("median", "trim10", "sd", "perm"),
          c(my_median(x), trimmed_mean(x, 0.1), sqrt(my_var(x)), mean(a) - mean(b)),
          c(sqrt(my_var(med)), sqrt(my_var(tm)), jk$se, p),
          c(percentile(med, 0.025), percentile(tm, 0.025), jk$bias, 0),
          c(percentile(med, 0.975), percentile(tm, 0.975), 0, 0))
}

print(run())
