# Ray marcher over a height map: for each pixel of a small image a ray is
# marched over a terrain given as a numeric matrix (bilinear interpolation)
# until it hits the ground; hits are shaded by distance and slope. Returns a
# histogram of the 8 shade levels and a checksum of the image.
make_height_map <- function(n) {
  h <- matrix(0, n, n)
  for (i in 1:n) {
    for (j in 1:n) {
      h[i, j] <- 2 * sin(i * 0.31) * cos(j * 0.23) + 0.6 * sin((i + j) * 0.71) + 2.5
    }
  }
  h
}

height_at <- function(h, n, x, z) {
  # bilinear interpolation; coordinates clamped to the map
  if (x < 1) x <- 1
  if (z < 1) z <- 1
  if (x > n - 0.001) x <- n - 0.001
  if (z > n - 0.001) z <- n - 0.001
  i <- floor(x)
  j <- floor(z)
  fx <- x - i
  fz <- z - j
  h00 <- h[i, j]
  h10 <- h[i + 1, j]
  h01 <- h[i, j + 1]
  h11 <- h[i + 1, j + 1]
  (h00 * (1 - fx) + h10 * fx) * (1 - fz) + (h01 * (1 - fx) + h11 * fx) * fz
}

render <- function(h, width, height) {
  n <- nrow(h)
  img <- matrix(0L, height, width)
  cam_x <- n / 2
  cam_y <- 7
  cam_z <- 1
  for (py in 1:height) {
    for (px in 1:width) {
      # ray direction through the pixel (looking along +z, slightly down)
      dx <- (px - width / 2) / width
      dy <- -0.35 - (py - height / 2) / height * 0.6
      dz <- 1
      len <- sqrt(dx * dx + dy * dy + dz * dz)
      dx <- dx / len
      dy <- dy / len
      dz <- dz / len
      t <- 0.1
      shade <- 0L
      while (t < 40) {
        x <- cam_x + dx * t
        y <- cam_y + dy * t
        z <- cam_z + dz * t
        if (x < 1 || x > n || z > n) break
        g <- height_at(h, n, x, z)
        if (y < g) {
          # slope from central differences
          gx <- height_at(h, n, x + 0.5, z) - height_at(h, n, x - 0.5, z)
          light <- 0.5 - 0.4 * gx - t / 80
          if (light < 0) light <- 0
          if (light > 0.999) light <- 0.999
          shade <- 1L + as.integer(floor(light * 7))
          break
        }
        t <- t + 0.1 + t * 0.03
      }
      img[py, px] <- shade
    }
  }
  img
}

height_map <- make_height_map(48L)

run <- function() {
  img <- render(height_map, 32L, 24L)
  hist <- integer(8)
  checksum <- 0L
  for (py in 1:nrow(img)) {
    for (px in 1:ncol(img)) {
      v <- img[py, px]
      hist[v + 1L] <- hist[v + 1L] + 1L
      checksum <- (checksum * 7L + v * px + py) %% 1000003L
    }
  }
  c(hist, checksum)
}

print(run())
