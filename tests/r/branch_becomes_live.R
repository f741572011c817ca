# A branch the profile never saw taken that then is taken often (balls that
# all reach a wall at once, as in the are-we-fast-yet bounce): compiled code
# exits there until the version is recompiled with the branch live; every
# mode prints the same.
step <- function(b, limit) {
  bounced <- FALSE
  b[1] <- b[1] + b[3]
  if (b[1] > limit) {
    b[1] <- limit
    b[3] <- -abs(b[3])
    bounced <- TRUE
  }
  if (b[1] < 0) {
    b[1] <- 0
    b[3] <- abs(b[3])
    bounced <- TRUE
  }
  list(b, bounced)
}

run <- function(nballs, steps) {
  hits <- 0
  balls <- vector("list", nballs)
  for (i in 1:nballs) balls[[i]] <- c(i %% 7, 0, 3 + i %% 5)
  count <- function(r) {
    if (r[[2]]) hits <<- hits + 1
    r[[1]]
  }
  for (s in 1:steps) balls <- lapply(balls, function(b) count(step(b, 25)))
  c(hits, sum(sapply(balls, function(b) b[1])))
}

for (k in 1:5) print(run(40, 100 + 40 * k))
