# Particles as records: each particle is a list with named fields, updated
# with `p$x <- p$x + p$vx * dt` the way R users write small simulations
# (fireworks / bouncing particles). A list of particle records is stepped
# under gravity and drag with floor and wall collisions; kinetic energy,
# centre of mass and per-kind counts are gathered with `for (p in particles)`.
lcg_state <- 12345L

lcg_next <- function() {
  # own 16-bit LCG (no set.seed): products stay within integer range
  lcg_state <<- (lcg_state * 1103L + 12345L) %% 65536L
  lcg_state / 65536
}

kinds <- c("spark", "ember", "smoke")

new_particle <- function(id) {
  kind <- kinds[1L + (id %% 3L)]
  list(id = id, kind = kind,
       x = 5 + 2 * (lcg_next() - 0.5), y = 1 + lcg_next(),
       vx = 4 * (lcg_next() - 0.5), vy = 3 + 6 * lcg_next(),
       mass = if (kind == "smoke") 0.2 else 1,
       bounces = 0L, alive = TRUE)
}

step_particle <- function(p, dt) {
  drag <- if (p$kind == "smoke") 0.5 else 0.05
  p$vx <- p$vx - drag * p$vx * dt
  p$vy <- p$vy - (9.81 * p$mass + drag * p$vy) * dt
  p$x <- p$x + p$vx * dt
  p$y <- p$y + p$vy * dt
  if (p$y < 0) {
    p$y <- -p$y
    p$vy <- -0.7 * p$vy
    p$bounces <- p$bounces + 1L
    if (p$bounces > 6L) p$alive <- FALSE
  }
  if (p$x < 0) {
    p$x <- -p$x
    p$vx <- -p$vx
  } else if (p$x > 10) {
    p$x <- 20 - p$x
    p$vx <- -p$vx
  }
  p
}

kinetic_energy <- function(particles) {
  e <- 0
  for (p in particles) {
    if (p$alive) e <- e + 0.5 * p$mass * (p$vx^2 + p$vy^2)
  }
  e
}

centre_of_mass <- function(particles) {
  m <- 0
  cx <- 0
  cy <- 0
  for (p in particles) {
    m <- m + p$mass
    cx <- cx + p$mass * p$x
    cy <- cy + p$mass * p$y
  }
  c(cx / m, cy / m)
}

simulate <- function(n, steps, dt) {
  lcg_state <<- 12345L
  particles <- vector("list", n)
  for (i in seq_len(n)) particles[[i]] <- new_particle(i)
  energy <- numeric(0)
  for (s in seq_len(steps)) {
    for (i in seq_along(particles)) {
      p <- particles[[i]]
      if (p$alive) particles[[i]] <- step_particle(p, dt)
    }
    if (s %% 25L == 0L) energy <- c(energy, kinetic_energy(particles))
  }
  counts <- integer(0)
  for (k in kinds) {
    alive <- 0L
    for (p in particles) if (p$kind == k && p$alive) alive <- alive + 1L
    counts <- c(counts, alive)
  }
  bounces <- 0L
  for (p in particles) bounces <- bounces + p$bounces
  list(energy = energy, com = centre_of_mass(particles), counts = counts,
       bounces = bounces)
}

run <- function() {
  r <- simulate(100L, 300L, 0.02)
  c(sprintf("%.6f", sum(r$energy)), sprintf("%.6f", r$com),
    paste(r$counts, collapse = " "), sprintf("%d", r$bounces))
}

print(run())
