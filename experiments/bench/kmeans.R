# k-means (Lloyd's algorithm) on random points: three Gaussian clusters of 450
# points in the plane, squared distances to the centres by outer(), assignment
# by max.col of the negated distances, new centres by mean over each cluster,
# five random starts for each k in 1..6 (an elbow curve), the best kept by the
# smallest within-cluster sum of squares; cluster sizes by table, a tapply
# check of the centres, and the centres as a rounded matrix with dimnames.

assign_points <- function(x, y, cx, cy) {
  d <- outer(x, cx, "-")^2 + outer(y, cy, "-")^2
  list(cluster = max.col(-d, ties.method = "first"), d = d)
}

lloyd <- function(x, y, k, max_iter) {
  start <- sample.int(length(x), k)
  cx <- x[start]
  cy <- y[start]
  cluster <- integer(length(x))
  iter <- 0
  repeat {
    iter <- iter + 1
    a <- assign_points(x, y, cx, cy)
    if (identical(a$cluster, cluster) || iter >= max_iter) break
    cluster <- a$cluster
    for (j in 1:k) {
      members <- cluster == j
      if (any(members)) {
        cx[j] <- mean(x[members])
        cy[j] <- mean(y[members])
      }
    }
  }
  within <- sum(a$d[cbind(seq_along(x), cluster)])
  list(cx = cx, cy = cy, cluster = cluster, within = within, iter = iter)
}

run <- function() {
  set.seed(31415)
  truth <- rep(1:3, c(180, 135, 135))
  mx <- c(0, 4, 1)
  my <- c(0, 1, 5)
  x <- rnorm(450, mean = mx[truth], sd = 0.9)
  y <- rnorm(450, mean = my[truth], sd = 0.9)
  iters <- 0
  elbow <- numeric(6)
  for (k in 1:6) {
    best_k <- NULL
    for (s in 1:5) {
      fit <- lloyd(x, y, k, 50)
      iters <- iters + fit$iter
      if (is.null(best_k) || fit$within < best_k$within) best_k <- fit
    }
    elbow[k] <- best_k$within
    if (k == 3) best <- best_k
  }
  o <- order(best$cx)
  sizes <- table(best$cluster)
  gx <- tapply(x, best$cluster, mean)
  centres <- cbind(x = best$cx[o], y = best$cy[o], n = as.vector(sizes)[o],
                   check = as.vector(gx)[o] - best$cx[o])
  rownames(centres) <- paste0("c", 1:3)
  list(centres = round(centres, 3),
       within = round(best$within, 2),
       elbow = round(elbow / elbow[1], 4),
       iterations = iters)
}

print(run())
