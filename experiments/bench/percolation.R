# Site percolation on a 25 x 25 grid: sites open with probability p (runif),
# clusters labelled by an explicit-stack flood fill on an integer matrix, a
# grid spans when one cluster touches the top and the bottom row; the spanning
# probability estimated at five values of p, the cluster-size distribution by
# table, and the largest cluster's bounding box via row() / col().

label_clusters <- function(open) {
  n <- nrow(open)
  m <- ncol(open)
  labels <- matrix(0L, n, m)
  stack <- integer(n * m)
  current <- 0L
  for (j in 1:m) {
    for (i in 1:n) {
      if (open[i, j] && labels[i, j] == 0L) {
        current <- current + 1L
        labels[i, j] <- current
        top <- 1L
        stack[1] <- (j - 1L) * n + i
        while (top > 0L) {
          cell <- stack[top]
          top <- top - 1L
          ci <- (cell - 1L) %% n + 1L
          cj <- (cell - 1L) %/% n + 1L
          for (d in 1:4) {
            ni <- ci + c(-1L, 1L, 0L, 0L)[d]
            nj <- cj + c(0L, 0L, -1L, 1L)[d]
            if (ni >= 1L && ni <= n && nj >= 1L && nj <= m &&
                open[ni, nj] && labels[ni, nj] == 0L) {
              labels[ni, nj] <- current
              top <- top + 1L
              stack[top] <- (nj - 1L) * n + ni
            }
          }
        }
      }
    }
  }
  labels
}

spans <- function(labels) {
  top <- unique(labels[1, labels[1, ] > 0L])
  bottom <- labels[nrow(labels), ]
  any(top %in% bottom)
}

run <- function() {
  set.seed(59)
  n <- 25
  ps <- c(0.5, 0.55, 0.6, 0.65, 0.7)
  trials <- 5
  prob <- numeric(length(ps))
  for (k in seq_along(ps)) {
    hits <- 0
    for (t in 1:trials) {
      open <- matrix(runif(n * n) < ps[k], n, n)
      if (spans(label_clusters(open))) hits <- hits + 1
    }
    prob[k] <- hits / trials
  }
  open <- matrix(runif(n * n) < 0.59, n, n)
  labels <- label_clusters(open)
  sizes <- tabulate(labels[labels > 0L])
  size_table <- table(pmin(sizes, 10L))
  big <- which.max(sizes)
  rows <- range(row(labels)[labels == big])
  cols <- range(col(labels)[labels == big])
  names(prob) <- format(ps)
  list(spanning = prob,
       clusters = max(labels),
       sizes = size_table,
       largest = c(size = max(sizes), rows = rows, cols = cols))
}

print(run())
