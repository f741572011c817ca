# Stochastic epidemics: the SIR model by Gillespie's direct method (rexp
# waiting times, runif event choice) for a town of 250 over 40 runs, the
# Reed-Frost chain-binomial model (rbinom per generation) over a grid of
# infection probabilities with mapply, the distribution of final sizes by
# table(), and the mean epidemic curve by tapply over days.

gillespie_sir <- function(n, i0, beta, gamma) {
  s <- n - i0
  i <- i0
  r <- 0
  t <- 0
  times <- numeric(0)
  infected <- numeric(0)
  peak <- i
  while (i > 0) {
    rate_inf <- beta * s * i / n
    rate_rec <- gamma * i
    total <- rate_inf + rate_rec
    t <- t + rexp(1, total)
    if (runif(1) < rate_inf / total) {
      s <- s - 1
      i <- i + 1
    } else {
      i <- i - 1
      r <- r + 1
    }
    if (i > peak) peak <- i
    times <- c(times, t)
    infected <- c(infected, i)
  }
  list(final = r, duration = t, peak = peak, times = times, infected = infected)
}

reed_frost <- function(n, i0, p, reps) {
  finals <- integer(reps)
  for (k in seq_len(reps)) {
    s <- n - i0
    i <- i0
    total <- i0
    while (i > 0 && s > 0) {
      i <- rbinom(1, s, 1 - (1 - p)^i)
      s <- s - i
      total <- total + i
    }
    finals[k] <- total
  }
  finals
}

run <- function() {
  set.seed(1918)
  runs <- lapply(1:40, function(k) gillespie_sir(250, 2, 1.8, 1))
  finals <- vapply(runs, function(x) x$final, numeric(1))
  peaks <- vapply(runs, function(x) x$peak, numeric(1))
  big <- runs[[which.max(finals)]]
  day <- floor(big$times)
  curve <- tapply(big$infected, day, max)
  minor <- sum(finals < 25)
  grid <- c(0.005, 0.01, 0.02, 0.04)
  rf_mean <- mapply(function(p, n) mean(reed_frost(n, 1, p, 150)), grid, rep.int(100, 4))
  rf <- reed_frost(60, 1, 0.03, 400)
  classes <- table(pmin(rf %/% 10, 5))
  c(sprintf("sir mean final %.2f minor %d peak %d", mean(finals), minor, max(peaks)),
    sprintf("largest outbreak %d over %.3f days, %d days", big$final, big$duration, length(curve)),
    sprintf("curve %s", paste(curve[1:6], collapse = " ")),
    sprintf("reed-frost p=%.3f mean %.2f", grid, rf_mean),
    sprintf("classes %s", paste(names(classes), as.vector(classes), sep = ":", collapse = " ")))
}

print(run())
