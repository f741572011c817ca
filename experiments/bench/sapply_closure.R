# sapply / lapply with closures: the apply idiom of everyday R code. Anonymous
# functions capture local variables (a frequency, a decay rate, a threshold,
# a running counter updated with <<-); a function factory makes scalers.
# Trapezoid integrals of damped waves over a grid, a polynomial fit residual,
# per-group summaries with lapply + unlist, and counting with a closure.
make_scaler <- function(k) {
  function(x) x * k
}

trapezoid <- function(ys, h) {
  n <- length(ys)
  h * (sum(ys) - (ys[1] + ys[n]) / 2)
}

damped_integrals <- function(xs, freqs, decay) {
  h <- xs[2] - xs[1]
  sapply(freqs, function(f) {
    ys <- sapply(xs, function(x) sin(f * x) * exp(-decay * x))
    trapezoid(ys, h)
  })
}

poly_residual <- function(xs, coefs) {
  fitted <- sapply(xs, function(x) {
    acc <- 0
    for (c in rev(coefs)) acc <- acc * x + c
    acc
  })
  target <- sapply(xs, function(x) cos(x))
  sum(abs(fitted - target))
}

group_stats <- function(values, ngroups) {
  groups <- lapply(seq_len(ngroups), function(g) values[seq(g, length(values), by = ngroups)])
  means <- unlist(lapply(groups, function(v) sum(v) / length(v)))
  above <- sapply(seq_along(groups), function(g) {
    m <- means[g]
    sum(sapply(groups[[g]], function(v) if (v > m) 1L else 0L))
  })
  list(means = means, above = above)
}

count_with_closure <- function(xs, threshold) {
  hits <- 0L
  check <- function(x) {
    if (x > threshold) hits <<- hits + 1L
    x > threshold
  }
  flags <- sapply(xs, check)
  c(hits, sum(flags))
}

run <- function() {
  xs <- seq(0, 10, length.out = 1001)
  ints <- 0
  for (decay in c(0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2)) {
    ints <- ints + sum(damped_integrals(xs, c(0.5, 1, 1.5, 2, 3, 5), decay))
  }
  res <- poly_residual(seq(-1, 1, length.out = 4001), c(1, 0, -1 / 2, 0, 1 / 24))
  scalers <- lapply(1:5, make_scaler)
  scaled <- sapply(scalers, function(s) sum(s(xs)))
  values <- sapply(seq_len(3000), function(i) (i * 37L) %% 101L)
  gs <- group_stats(values, 6L)
  cnt <- count_with_closure(sin(xs * 3), 0.5)
  c(sprintf("%.8f", ints), sprintf("%.10f", res), sprintf("%.1f", sum(scaled)),
    sprintf("%.4f", sum(gs$means)), paste(gs$above, collapse = " "),
    paste(cnt, collapse = " "))
}

print(run())
