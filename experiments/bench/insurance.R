# Actuarial simulation: a portfolio of 800 policies in four regions, yearly
# claim counts by rpois, claim sizes by rexp (Pareto-like tail by mixing
# rates), fraud flags by rbinom; totals per region by tapply and split, premiums
# by mapply, the aggregate loss distribution over 200 simulated years, and the
# probability of ruin of a surplus process. Report under options(digits = 6).

make_portfolio <- function(n) {
  region <- sample(c("north", "south", "east", "west"), n, replace = TRUE,
                   prob = c(0.4, 0.3, 0.2, 0.1))
  risk <- runif(n, 0.5, 1.5)
  list(region = region, risk = risk)
}

simulate_year <- function(portfolio, base_rate, mean_size) {
  n <- length(portfolio$risk)
  counts <- rpois(n, base_rate * portfolio$risk)
  total <- numeric(n)
  fraud <- 0L
  for (i in seq_len(n)) {
    k <- counts[i]
    if (k > 0) {
      rates <- ifelse(runif(k) < 0.9, 1 / mean_size, 0.2 / mean_size)
      sizes <- rexp(k, rates)
      total[i] <- sum(sizes)
      fraud <- fraud + rbinom(1, k, 0.03)
    }
  }
  list(counts = counts, total = total, fraud = fraud)
}

premium <- function(risk, region_load, loading) {
  (1 + loading) * risk * region_load
}

ruin_probability <- function(u0, premium_rate, claim_rate, mean_size, years, paths) {
  ruined <- 0
  for (p in seq_len(paths)) {
    surplus <- u0
    for (y in seq_len(years)) {
      n <- rpois(1, claim_rate)
      loss <- if (n > 0) sum(rexp(n, 1 / mean_size)) else 0
      surplus <- surplus + premium_rate - loss
      if (surplus < 0) {
        ruined <- ruined + 1
        break
      }
    }
  }
  ruined / paths
}

run <- function() {
  set.seed(1066)
  op <- options(digits = 6)
  on.exit(options(op))
  pf <- make_portfolio(800)
  year <- simulate_year(pf, 0.3, 1000)
  by_region <- tapply(year$total, pf$region, sum)
  per_region <- split(year$counts, pf$region)
  claims <- vapply(per_region, sum, numeric(1))
  loads <- c(north = 1.0, south = 1.1, east = 0.9, west = 1.3)
  prem <- mapply(premium, pf$risk, loads[pf$region], MoreArgs = list(loading = 0.2))
  aggregate <- numeric(200)
  for (y in 1:200) aggregate[y] <- sum(rexp(rpois(1, 120), 1 / 1000))
  sorted <- sort(aggregate)
  ruin <- ruin_probability(2000, 1300, 1, 1000, 40, 400)
  c(claims = paste(names(claims), claims, sep = "=", collapse = " "),
    losses = paste(names(by_region), format(round(by_region)), collapse = " "),
    fraud = format(year$fraud),
    premiums = format(sum(prem) * 1000 * 0.3),
    mean_loss = format(mean(aggregate)),
    var99 = format(sorted[198]),
    ruin = format(ruin))
}

print(run())
