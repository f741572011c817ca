# Longest Collatz sequence below a bound.
best <- 0; best_n <- 0
for (n in 1:3000) {
  k <- n; steps <- 0
  while (k != 1) { k <- if (k %% 2 == 0) k / 2 else 3 * k + 1; steps <- steps + 1 }
  if (steps > best) { best <- steps; best_n <- n }
}
cat("n =", best_n, "steps =", best, "\n")
