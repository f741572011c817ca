# Small Mandelbrot set: iteration counts on a grid, printed as ASCII art.
w <- 40; h <- 16; max_iter <- 50
total <- 0
for (row in 0:(h - 1)) {
  line <- character(w)
  for (col in 0:(w - 1)) {
    cr <- -2 + 2.6 * col / w
    ci <- -1.2 + 2.4 * row / h
    zr <- 0; zi <- 0; k <- 0
    while (k < max_iter && zr * zr + zi * zi <= 4) {
      t <- zr * zr - zi * zi + cr
      zi <- 2 * zr * zi + ci
      zr <- t
      k <- k + 1
    }
    total <- total + k
    line[col + 1] <- if (k == max_iter) "#" else if (k > 5) "+" else "."
  }
  cat(paste(line, collapse = ""), "\n", sep = "")
}
print(total)
