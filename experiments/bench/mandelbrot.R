# Mandelbrot set (Computer Language Benchmarks Game / Are We Fast Yet): escape-time
# iteration over a size x size grid; returns the number of points in the set and
# a checksum over the escape counts.
mandelbrot <- function(size, max_iter) {
  inside <- 0L
  checksum <- 0L
  for (y in 0:(size - 1L)) {
    ci <- 2 * y / size - 1
    for (x in 0:(size - 1L)) {
      cr <- 2 * x / size - 1.5
      zr <- 0
      zi <- 0
      i <- 0L
      while (i < max_iter && zr * zr + zi * zi <= 4) {
        tr <- zr * zr - zi * zi + cr
        zi <- 2 * zr * zi + ci
        zr <- tr
        i <- i + 1L
      }
      if (i == max_iter) inside <- inside + 1L
      checksum <- (checksum * 31L + i) %% 1000003L
    }
  }
  c(inside, checksum)
}

run <- function() mandelbrot(60L, 50L)

print(run())
