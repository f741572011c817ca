# Bounce (Are We Fast Yet): balls (lists as records) bouncing in a box; counts
# the bounces. Stresses record field access and update, abs, branches.
seed <- 74755L

next_random <- function() {
  seed <<- bitwAnd(seed * 1309L + 13849L, 65535L)
  seed
}

make_ball <- function() {
  list(x = next_random() %% 500L, y = next_random() %% 500L,
       x_vel = next_random() %% 300L - 150L, y_vel = next_random() %% 300L - 150L,
       bounced = FALSE)
}

bounce_ball <- function(b) {
  x_limit <- 500L
  y_limit <- 500L
  bounced <- FALSE
  b$x <- b$x + b$x_vel
  b$y <- b$y + b$y_vel
  if (b$x > x_limit) { b$x <- x_limit; b$x_vel <- 0L - abs(b$x_vel); bounced <- TRUE }
  if (b$x < 0L) { b$x <- 0L; b$x_vel <- abs(b$x_vel); bounced <- TRUE }
  if (b$y > y_limit) { b$y <- y_limit; b$y_vel <- 0L - abs(b$y_vel); bounced <- TRUE }
  if (b$y < 0L) { b$y <- 0L; b$y_vel <- abs(b$y_vel); bounced <- TRUE }
  b$bounced <- bounced
  b
}

bounce <- function() {
  seed <<- 74755L
  ball_count <- 100L
  bounces <- 0L
  balls <- vector("list", ball_count)
  for (i in 1:ball_count) balls[[i]] <- make_ball()
  for (i in 1:50) {
    for (k in 1:ball_count) {
      b <- bounce_ball(balls[[k]])
      balls[[k]] <- b
      if (b$bounced) bounces <- bounces + 1L
    }
  }
  bounces
}

run <- function() {
  total <- 0L
  for (k in 1:4) total <- total + bounce()
  total
}

print(run())
