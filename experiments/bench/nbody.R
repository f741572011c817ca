# N-body: a model of the Jovian planets (Computer Language Benchmarks Game).
# Bodies are parallel numeric vectors; advance() integrates with a fixed step.
solar_mass <- 4 * pi * pi
days_per_year <- 365.24

init_bodies <- function() {
  x <- c(0, 4.84143144246472090e+00, 8.34336671824457987e+00,
         1.28943695621391310e+01, 1.53796971148509165e+01)
  y <- c(0, -1.16032004402742839e+00, 4.12479856412430479e+00,
         -1.51111514016986312e+01, -2.59193146099879641e+01)
  z <- c(0, -1.03622044471123109e-01, -4.03523417114321381e-01,
         -2.23307578892655734e-01, 1.79258772950371181e-01)
  vx <- c(0, 1.66007664274403694e-03, -2.76742510726862411e-03,
          2.96460137564761618e-03, 2.68067772490389322e-03) * days_per_year
  vy <- c(0, 7.69901118419740425e-03, 4.99852801234917238e-03,
          2.37847173959480950e-03, 1.62824170038242295e-03) * days_per_year
  vz <- c(0, -6.90460016972063023e-05, 2.30417297573763929e-05,
          -2.96589568540237556e-05, -9.51592254519715870e-05) * days_per_year
  mass <- c(1, 9.54791938424326609e-04, 2.85885980666130812e-04,
            4.36624404335156298e-05, 5.15138902046611451e-05) * solar_mass
  # offset momentum
  px <- 0; py <- 0; pz <- 0
  for (i in seq_along(mass)) {
    px <- px + vx[i] * mass[i]
    py <- py + vy[i] * mass[i]
    pz <- pz + vz[i] * mass[i]
  }
  vx[1] <- -px / solar_mass
  vy[1] <- -py / solar_mass
  vz[1] <- -pz / solar_mass
  list(x = x, y = y, z = z, vx = vx, vy = vy, vz = vz, mass = mass)
}

energy <- function(b) {
  n <- length(b$mass)
  e <- 0
  for (i in 1:n) {
    e <- e + 0.5 * b$mass[i] * (b$vx[i] * b$vx[i] + b$vy[i] * b$vy[i] + b$vz[i] * b$vz[i])
    if (i < n) {
      for (j in (i + 1):n) {
        dx <- b$x[i] - b$x[j]
        dy <- b$y[i] - b$y[j]
        dz <- b$z[i] - b$z[j]
        e <- e - b$mass[i] * b$mass[j] / sqrt(dx * dx + dy * dy + dz * dz)
      }
    }
  }
  e
}

advance <- function(b, steps, dt) {
  x <- b$x; y <- b$y; z <- b$z
  vx <- b$vx; vy <- b$vy; vz <- b$vz
  mass <- b$mass
  n <- length(mass)
  for (s in 1:steps) {
    for (i in 1:(n - 1)) {
      for (j in (i + 1):n) {
        dx <- x[i] - x[j]
        dy <- y[i] - y[j]
        dz <- z[i] - z[j]
        d2 <- dx * dx + dy * dy + dz * dz
        mag <- dt / (d2 * sqrt(d2))
        mi <- mass[i] * mag
        mj <- mass[j] * mag
        vx[i] <- vx[i] - dx * mj
        vy[i] <- vy[i] - dy * mj
        vz[i] <- vz[i] - dz * mj
        vx[j] <- vx[j] + dx * mi
        vy[j] <- vy[j] + dy * mi
        vz[j] <- vz[j] + dz * mi
      }
    }
    for (i in 1:n) {
      x[i] <- x[i] + dt * vx[i]
      y[i] <- y[i] + dt * vy[i]
      z[i] <- z[i] + dt * vz[i]
    }
  }
  list(x = x, y = y, z = z, vx = vx, vy = vy, vz = vz, mass = mass)
}

run <- function() {
  b <- init_bodies()
  e0 <- energy(b)
  b <- advance(b, 2000L, 0.01)
  e1 <- energy(b)
  sprintf("%.9f", c(e0, e1))
}

print(run())
