# Volcano ray shading: the loop nest of rayshader's original R ray_shade
# (Tyler Morgan-Wall's "Throwing Shade at the Cartographer Illuminati"), the
# running example of the deoptless paper. For every cell of a height matrix
# and every sun elevation a ray walks towards the sun until it leaves the map
# or goes below the terrain (bilinear interpolation); a cell loses
# 1/length(anglebreaks) of light per blocked elevation. R's `volcano` dataset
# is not available everywhere, so an 87x61 volcano-like matrix is built from
# sin/cos/exp formulas.
make_volcano <- function(nr, nc) {
  outer(seq_len(nr), seq_len(nc), function(i, j) {
    dx <- (i - 47) / 16
    dy <- (j - 31) / 12
    r2 <- dx * dx + dy * dy
    round(95 + 85 * exp(-r2 / 2) - 30 * exp(-r2 * 3) +
            4 * sin(i / 5) * cos(j / 7) + 2 * sin((i + 2 * j) / 9))
  })
}

bilinear <- function(data, x0, y0) {
  i <- max(1, floor(x0))
  j <- max(1, floor(y0))
  XT <- (x0 - i)
  YT <- (y0 - j)
  result <- (1 - YT) * (1 - XT) * data[i, j]
  nx <- nrow(data)
  ny <- ncol(data)
  if (i + 1 <= nx) {
    result <- result + (1 - YT) * XT * data[i + 1, j]
  }
  if (j + 1 <= ny) {
    result <- result + YT * (1 - XT) * data[i, j + 1]
  }
  if (i + 1 <= nx && j + 1 <= ny) {
    result <- result + YT * XT * data[i + 1, j + 1]
  }
  result
}

ray_shade <- function(heightmap, anglebreaks, sunangle, maxsearch, zscale) {
  shadow <- matrix(1, nrow = nrow(heightmap), ncol = ncol(heightmap))
  maxdistance <- min(maxsearch, floor(sqrt(ncol(heightmap)^2 + nrow(heightmap)^2)))
  for (i in 1:nrow(heightmap)) {
    for (j in 1:ncol(heightmap)) {
      for (anglei in anglebreaks) {
        for (k in 1:maxdistance) {
          xcoord <- i + sin(sunangle) * k
          ycoord <- j + cos(sunangle) * k
          if (xcoord > nrow(heightmap) || ycoord > ncol(heightmap) ||
              xcoord < 1 || ycoord < 1) {
            break
          } else {
            tanangheight <- heightmap[i, j] + anglei * k * zscale
            if (all(c(heightmap[ceiling(xcoord), ceiling(ycoord)],
                      heightmap[floor(xcoord), ceiling(ycoord)],
                      heightmap[ceiling(xcoord), floor(ycoord)],
                      heightmap[floor(xcoord), floor(ycoord)]) < tanangheight)) next
            if (tanangheight < bilinear(heightmap, xcoord, ycoord)) {
              shadow[i, j] <- shadow[i, j] - 1 / length(anglebreaks)
              break
            }
          }
        }
      }
    }
  }
  shadow
}

volcano_map <- make_volcano(87L, 61L)
# every fourth row and column (22x16), as rayshader users shrink a map before
# a quick render: the full 87x61 map takes seconds per call in GNU R
small_map <- volcano_map[seq(1, nrow(volcano_map), by = 4), seq(1, ncol(volcano_map), by = 4)]
anglebreaks <- sapply(seq(0, 30, length.out = 25) / 180 * pi, tan)

run <- function() {
  shadow <- ray_shade(small_map, anglebreaks, 40 / 180 * pi, 6, 10)
  c(sprintf("%.6f", sum(shadow)), sprintf("%.4f", shadow[nrow(shadow) %/% 2, ncol(shadow) %/% 2]),
    sprintf("%.4f", shadow[3, 3]), sprintf("%.4f", shadow[nrow(shadow) - 2, ncol(shadow) - 2]),
    sprintf("%d", sum(shadow == 1)), sprintf("%d", sum(shadow < 0.02)))
}

print(run())
