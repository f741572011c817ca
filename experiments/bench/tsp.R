# Travelling salesman heuristics on random cities: 60 points from runif, the
# distance matrix by outer(), a nearest-neighbour tour, 2-opt improvement
# (reversing segments with rev) until no move helps, and random-restart
# tours from sample(); lengths reported with options(digits = 5).

distance_matrix <- function(x, y) {
  sqrt(outer(x, x, "-")^2 + outer(y, y, "-")^2)
}

tour_length <- function(tour, d) {
  n <- length(tour)
  sum(d[cbind(tour, c(tour[-1], tour[1]))])
}

nearest_neighbour <- function(d, start) {
  n <- nrow(d)
  visited <- logical(n)
  tour <- integer(n)
  tour[1] <- start
  visited[start] <- TRUE
  for (k in 2:n) {
    row <- d[tour[k - 1], ]
    row[visited] <- Inf
    nxt <- which.min(row)
    tour[k] <- nxt
    visited[nxt] <- TRUE
  }
  tour
}

two_opt <- function(tour, d) {
  n <- length(tour)
  improved <- TRUE
  passes <- 0
  while (improved) {
    improved <- FALSE
    passes <- passes + 1
    for (i in 1:(n - 2)) {
      a <- tour[i]
      b <- tour[i + 1]
      for (j in (i + 2):n) {
        c <- tour[j]
        e <- if (j == n) tour[1] else tour[j + 1]
        delta <- d[a, c] + d[b, e] - d[a, b] - d[c, e]
        if (delta < -1e-10) {
          tour[(i + 1):j] <- rev(tour[(i + 1):j])
          b <- tour[i + 1]
          improved <- TRUE
        }
      }
    }
  }
  list(tour = tour, passes = passes)
}

run <- function() {
  set.seed(1954)
  op <- options(digits = 5)
  on.exit(options(op))
  n <- 60
  x <- runif(n)
  y <- runif(n)
  d <- distance_matrix(x, y)
  nn <- nearest_neighbour(d, 1)
  opt <- two_opt(nn, d)
  restarts <- numeric(8)
  for (r in 1:8) {
    restarts[r] <- tour_length(two_opt(sample.int(n), d)$tour, d)
  }
  best <- opt$tour
  start <- which(best == 1)
  best <- c(best[start:n], best[seq_len(start - 1)])
  c(random = format(tour_length(sample.int(n), d)),
    nearest = format(tour_length(nn, d)),
    two_opt = format(tour_length(opt$tour, d)),
    passes = format(opt$passes),
    restarts = paste(format(c(min(restarts), mean(restarts))), collapse = " "),
    valid = format(all(sort(best) == 1:n)),
    head = paste(best[1:8], collapse = "-"))
}

print(run())
