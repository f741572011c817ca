# all(c(...)) / any(c(...)) over scalar comparisons in hot loops: local
# maxima and plateau edges on a grid (4-neighbourhood checks), and points
# tested against a list of boxes (point-in-box), the way R code writes a
# multi-condition test as one all()/any() of a c() of comparisons.
lcg <- 2024L

rand_int <- function(m) {
  lcg <<- (lcg * 1103L + 4577L) %% 32768L
  lcg %% m
}

make_grid <- function(nr, nc) {
  g <- matrix(0, nr, nc)
  for (i in seq_len(nr)) {
    for (j in seq_len(nc)) {
      g[i, j] <- round(4 * sin(i / 6) + 4 * cos(j / 5)) + rand_int(3L)
    }
  }
  g
}

grid_features <- function(g) {
  peaks <- 0L
  pits <- 0L
  edges <- 0L
  flat <- 0L
  for (i in 2:(nrow(g) - 1)) {
    for (j in 2:(ncol(g) - 1)) {
      v <- g[i, j]
      if (all(c(g[i - 1, j], g[i + 1, j], g[i, j - 1], g[i, j + 1]) < v)) peaks <- peaks + 1L
      if (all(c(g[i - 1, j] > v, g[i + 1, j] > v, g[i, j - 1] > v, g[i, j + 1] > v))) pits <- pits + 1L
      if (any(c(g[i - 1, j], g[i + 1, j], g[i, j - 1], g[i, j + 1]) == v)) edges <- edges + 1L
      if (!any(c(abs(g[i - 1, j - 1] - v) > 1, abs(g[i + 1, j + 1] - v) > 1,
                 abs(g[i - 1, j + 1] - v) > 1, abs(g[i + 1, j - 1] - v) > 1))) flat <- flat + 1L
    }
  }
  c(peaks, pits, edges, flat)
}

make_boxes <- function(n) {
  boxes <- vector("list", n)
  for (b in seq_len(n)) {
    x0 <- rand_int(90L)
    y0 <- rand_int(90L)
    boxes[[b]] <- list(x0 = x0, y0 = y0, x1 = x0 + 2L + rand_int(15L),
                       y1 = y0 + 2L + rand_int(15L))
  }
  boxes
}

points_in_boxes <- function(xs, ys, boxes) {
  covered <- 0L
  total_hits <- 0L
  for (p in seq_along(xs)) {
    x <- xs[p]
    y <- ys[p]
    hit <- FALSE
    for (b in boxes) {
      if (all(c(x >= b$x0, x <= b$x1, y >= b$y0, y <= b$y1))) {
        total_hits <- total_hits + 1L
        hit <- TRUE
      }
    }
    if (hit) covered <- covered + 1L
  }
  c(covered, total_hits)
}

run <- function() {
  lcg <<- 2024L
  g <- make_grid(60L, 60L)
  feats <- grid_features(g)
  boxes <- make_boxes(20L)
  xs <- seq(0.5, 99.5, by = 0.5)
  ys <- numeric(length(xs))
  for (k in seq_along(xs)) ys[k] <- rand_int(100L) + 0.5
  inside <- c(0L, 0L)
  for (shift in c(0, 7.25, 19.5)) {
    inside <- inside + points_in_boxes(xs, (ys + shift) %% 100, boxes)
  }
  c(feats, inside)
}

print(run())
