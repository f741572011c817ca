# Queueing simulation: an M/M/1 queue by Lindley's recursion (checked against
# the textbook mean wait), an M/M/2 bank with two tellers simulated customer by
# customer, the number in system seen by arrivals (table), and mean waits per
# period of the day (tapply). Report under options(digits = 5).

mm1 <- function(n, lambda, mu) {
  inter <- rexp(n, lambda)
  service <- rexp(n, mu)
  arrival <- cumsum(inter)
  wait <- numeric(n)
  for (i in 2:n) {
    w <- wait[i - 1] + service[i - 1] - inter[i]
    wait[i] <- if (w > 0) w else 0
  }
  list(arrival = arrival, wait = wait, depart = arrival + wait + service)
}

mmc <- function(n, lambda, mu, servers) {
  arrival <- cumsum(rexp(n, lambda))
  service <- rexp(n, mu)
  free_at <- numeric(servers)
  wait <- numeric(n)
  served_by <- integer(n)
  for (i in seq_len(n)) {
    k <- which.min(free_at)
    start <- max(arrival[i], free_at[k])
    wait[i] <- start - arrival[i]
    free_at[k] <- start + service[i]
    served_by[i] <- k
  }
  list(wait = wait, served_by = served_by)
}

in_system <- function(arrival, depart) {
  n <- length(arrival)
  seen <- integer(n)
  for (i in seq_len(n)) {
    count <- 0L
    j <- i - 1L
    while (j >= 1L && j >= i - 30L) {
      if (depart[j] > arrival[i]) count <- count + 1L
      j <- j - 1L
    }
    seen[i] <- count
  }
  seen
}

run <- function() {
  set.seed(1789)
  op <- options(digits = 5)
  on.exit(options(op))
  lambda <- 0.8
  mu <- 1
  q <- mm1(3000, lambda, mu)
  theory <- lambda / (mu * (mu - lambda))
  seen <- in_system(q$arrival, q$depart)
  seen[seen > 5L] <- 5L
  counts <- table(seen)
  period <- floor(q$arrival / 500)
  by_period <- tapply(q$wait, period, mean)
  bank <- mmc(2000, 1.5, 1, 2)
  share <- table(bank$served_by)
  c(mm1_wait = format(mean(q$wait)),
    mm1_theory = format(theory),
    busy = format(mean(q$wait > 0)),
    seen = paste(names(counts), as.vector(counts), sep = ":", collapse = " "),
    worst_period = format(max(by_period)),
    periods = format(length(by_period)),
    mm2_wait = format(mean(bank$wait)),
    mm2_share = paste(as.vector(share), collapse = "/"))
}

print(run())
