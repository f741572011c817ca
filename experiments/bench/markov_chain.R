# Markov chains: a four-state weather chain with a named transition matrix
# simulated for 5000 days (sample with prob = the current row), the transition
# matrix estimated back from the path, the stationary distribution by power
# iteration (%*%) against the visit frequencies (table), mean first-passage
# times by simulation; then PageRank of a random 40-node directed graph.

weather_chain <- function() {
  states <- c("sunny", "cloudy", "rainy", "stormy")
  p <- matrix(c(0.60, 0.25, 0.10, 0.05,
                0.30, 0.40, 0.25, 0.05,
                0.20, 0.30, 0.40, 0.10,
                0.15, 0.25, 0.40, 0.20),
              nrow = 4, byrow = TRUE, dimnames = list(states, states))
  p
}

simulate_chain <- function(p, start, n) {
  k <- nrow(p)
  path <- integer(n)
  s <- start
  for (t in seq_len(n)) {
    s <- sample.int(k, 1, prob = p[s, ])
    path[t] <- s
  }
  path
}

estimate_transitions <- function(path, k) {
  counts <- matrix(0, k, k)
  for (t in 2:length(path)) {
    counts[path[t - 1], path[t]] <- counts[path[t - 1], path[t]] + 1
  }
  counts / rowSums(counts)
}

stationary <- function(p, tol) {
  v <- rep(1 / nrow(p), nrow(p))
  repeat {
    nv <- as.vector(v %*% p)
    if (max(abs(nv - v)) < tol) return(nv)
    v <- nv
  }
}

first_passage <- function(p, from, to, reps) {
  total <- 0
  for (r in seq_len(reps)) {
    s <- from
    steps <- 0
    while (s != to || steps == 0) {
      s <- sample.int(nrow(p), 1, prob = p[s, ])
      steps <- steps + 1
    }
    total <- total + steps
  }
  total / reps
}

pagerank <- function(adj, damping, iters) {
  n <- nrow(adj)
  out <- rowSums(adj)
  m <- adj
  for (i in 1:n) {
    if (out[i] > 0) m[i, ] <- adj[i, ] / out[i] else m[i, ] <- 1 / n
  }
  r <- rep(1 / n, n)
  for (it in 1:iters) r <- (1 - damping) / n + damping * as.vector(r %*% m)
  r
}

run <- function() {
  set.seed(8128)
  p <- weather_chain()
  path <- simulate_chain(p, 1L, 5000)
  est <- estimate_transitions(path, 4)
  dimnames(est) <- dimnames(p)
  pi_exact <- stationary(p, 1e-12)
  visits <- table(rownames(p)[path])
  freq <- as.vector(visits[rownames(p)]) / length(path)
  fp <- first_passage(p, 1, 4, 150)
  names(pi_exact) <- rownames(p)
  adj <- matrix(runif(40 * 40) < 0.12, 40, 40) * 1
  diag(adj) <- 0
  pr <- pagerank(adj, 0.85, 60)
  top <- order(pr, decreasing = TRUE)[1:5]
  list(estimated = round(est, 3),
       stationary = round(rbind(exact = pi_exact, simulated = freq), 4),
       return_sunny = round(1 / pi_exact[1], 4),
       passage_sunny_stormy = round(fp, 4),
       pagerank_top = top,
       pagerank_sum = sprintf("%.6f", sum(pr)))
}

print(run())
