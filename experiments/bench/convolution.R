# 2-D convolution: a 5x5 smoothing kernel over a numeric matrix image, then a
# 1-D convolution over a row profile (image filtering as in DSP kernels);
# stresses m[i, j] reads and writes in nested loops.
make_image <- function(h, w) {
  img <- matrix(0, h, w)
  for (i in 1:h) {
    for (j in 1:w) {
      img[i, j] <- ((i * 7L + j * 13L) %% 17L) / 16 + sin(i / 5) * cos(j / 7)
    }
  }
  img
}

make_kernel <- function() {
  k <- matrix(0, 5, 5)
  total <- 0
  for (a in 1:5) {
    for (b in 1:5) {
      k[a, b] <- exp(-((a - 3)^2 + (b - 3)^2) / 4)
      total <- total + k[a, b]
    }
  }
  for (a in 1:5) for (b in 1:5) k[a, b] <- k[a, b] / total
  k
}

convolve2d <- function(img, k) {
  h <- nrow(img)
  w <- ncol(img)
  kh <- nrow(k)
  kw <- ncol(k)
  oh <- h - kh + 1L
  ow <- w - kw + 1L
  out <- matrix(0, oh, ow)
  for (i in 1:oh) {
    for (j in 1:ow) {
      s <- 0
      for (a in 1:kh) {
        for (b in 1:kw) {
          s <- s + img[i + a - 1L, j + b - 1L] * k[a, b]
        }
      }
      out[i, j] <- s
    }
  }
  out
}

convolve1d <- function(x, k) {
  n <- length(x)
  m <- length(k)
  y <- numeric(n + m - 1L)
  for (i in 1:n) {
    xi <- x[i]
    for (j in 1:m) y[i + j - 1L] <- y[i + j - 1L] + xi * k[j]
  }
  y
}

img <- make_image(80L, 80L)
kernel <- make_kernel()

run <- function() {
  out <- convolve2d(img, kernel)
  row <- numeric(ncol(out))
  for (j in 1:ncol(out)) row[j] <- out[38L, j]
  profile <- convolve1d(row, c(0.25, 0.5, 0.25))
  s <- 0
  for (i in 1:nrow(out)) for (j in 1:ncol(out)) s <- s + out[i, j] * ((i + j) %% 3L)
  sprintf("%.6f", c(s, sum(profile), max(out)))
}

print(run())
