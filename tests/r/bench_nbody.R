# N-body simulation (few steps), as in the shootout benchmark.
solar_mass <- 4 * pi * pi
days_per_year <- 365.24
bodies <- list(
  list(x = 0, y = 0, z = 0, vx = 0, vy = 0, vz = 0, mass = solar_mass),
  list(x = 4.84143144246472090e+00, y = -1.16032004402742839e+00, z = -1.03622044471123109e-01,
       vx = 1.66007664274403694e-03 * days_per_year, vy = 7.69901118419740425e-03 * days_per_year,
       vz = -6.90460016972063023e-05 * days_per_year, mass = 9.54791938424326609e-04 * solar_mass),
  list(x = 8.34336671824457987e+00, y = 4.12479856412430479e+00, z = -4.03523417114321381e-01,
       vx = -2.76742510726862411e-03 * days_per_year, vy = 4.99852801234917238e-03 * days_per_year,
       vz = 2.30417297573763929e-05 * days_per_year, mass = 2.85885980666130812e-04 * solar_mass),
  list(x = 1.28943695621391310e+01, y = -1.51111514016986312e+01, z = -2.23307578892655734e-01,
       vx = 2.96460137564761618e-03 * days_per_year, vy = 2.37847173959480950e-03 * days_per_year,
       vz = -2.96589568540237556e-05 * days_per_year, mass = 4.36624404335156298e-05 * solar_mass),
  list(x = 1.53796971148509165e+01, y = -2.59193146099879641e+01, z = 1.79258772950371181e-01,
       vx = 2.68067772490389322e-03 * days_per_year, vy = 1.62824170038242295e-03 * days_per_year,
       vz = -9.51592254519715870e-05 * days_per_year, mass = 5.15138902046611451e-05 * solar_mass))
n <- length(bodies)
px <- 0; py <- 0; pz <- 0
for (b in bodies) { px <- px + b$vx * b$mass; py <- py + b$vy * b$mass; pz <- pz + b$vz * b$mass }
bodies[[1]]$vx <- -px / solar_mass
bodies[[1]]$vy <- -py / solar_mass
bodies[[1]]$vz <- -pz / solar_mass
energy <- function(bodies) {
  e <- 0
  for (i in 1:n) {
    b <- bodies[[i]]
    e <- e + 0.5 * b$mass * (b$vx^2 + b$vy^2 + b$vz^2)
    if (i < n) for (j in (i + 1):n) {
      b2 <- bodies[[j]]
      d <- sqrt((b$x - b2$x)^2 + (b$y - b2$y)^2 + (b$z - b2$z)^2)
      e <- e - b$mass * b2$mass / d
    }
  }
  e
}
advance <- function(bodies, dt) {
  for (i in 1:(n - 1)) for (j in (i + 1):n) {
    dx <- bodies[[i]]$x - bodies[[j]]$x
    dy <- bodies[[i]]$y - bodies[[j]]$y
    dz <- bodies[[i]]$z - bodies[[j]]$z
    d2 <- dx * dx + dy * dy + dz * dz
    mag <- dt / (d2 * sqrt(d2))
    mi <- bodies[[i]]$mass; mj <- bodies[[j]]$mass
    bodies[[i]]$vx <- bodies[[i]]$vx - dx * mj * mag
    bodies[[i]]$vy <- bodies[[i]]$vy - dy * mj * mag
    bodies[[i]]$vz <- bodies[[i]]$vz - dz * mj * mag
    bodies[[j]]$vx <- bodies[[j]]$vx + dx * mi * mag
    bodies[[j]]$vy <- bodies[[j]]$vy + dy * mi * mag
    bodies[[j]]$vz <- bodies[[j]]$vz + dz * mi * mag
  }
  for (i in 1:n) {
    bodies[[i]]$x <- bodies[[i]]$x + dt * bodies[[i]]$vx
    bodies[[i]]$y <- bodies[[i]]$y + dt * bodies[[i]]$vy
    bodies[[i]]$z <- bodies[[i]]$z + dt * bodies[[i]]$vz
  }
  bodies
}
cat(sprintf("%.9f\n", energy(bodies)))
for (step in 1:100) bodies <- advance(bodies, 0.01)
cat(sprintf("%.9f\n", energy(bodies)))
