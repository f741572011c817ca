# fft and stats::convolve. dlvm's FFT rounds differently from GNU R's
# (Singleton's algorithm), so results whose exact value is 0 are rounded
# before printing (see docs/R-SUBSET.md).
print(fft(1:8))
print(fft(c(1, 2, 3, 4, 5)))
print(fft(1:6))
print(fft(1:12, inverse = TRUE))
print(fft(c(2, 0, 0, 0)))
print(fft(complex(real = 1:4, imaginary = 4:1)))
z <- fft(c(a = 1, b = 5, c = 2))
print(names(z))
print(round(Re(fft(fft(1:7), inverse = TRUE)) / 7, 10))
set.seed(42)
for (n in c(9, 10, 16, 27, 30, 64, 97, 100)) {
  x <- round(runif(n) * 100) / 10
  y <- fft(x)
  cat(n, ":", round(Mod(y[1:5]), 6), "|", round(Re(fft(y, inverse = TRUE)[1:4]) / n, 8), "\n")
}
m <- matrix(1:6, 2)
print(round(fft(m), 10))
print(round(fft(m, inverse = TRUE), 10))
x <- c(1, 2, 3, 4); y <- c(0, 1, 0.5)
print(round(convolve(x, y, type = "open"), 10))
print(convolve(1:5, c(1, 1, 1), type = "filter"))
print(convolve(1:4, c(1, 0, 0, 0)))
print(convolve(c(3, 1, 4, 1, 5, 9, 2, 6), c(2, 7, 1, 8), type = "o"))
print(round(stats::convolve(1:6, c(0.25, 0.5, 0.25), type = "f"), 10))
for (k in 1:6) {
  x <- round(runif(k + 3) * 10); y <- round(runif(k %% 5 + 1) * 10)
  print(round(convolve(x, y, type = "open"), 8))
  print(round(convolve(x, rev(y), type = "filter"), 8))
  z <- round(runif(k + 3) * 10)
  print(round(convolve(x, z), 8))
  print(round(convolve(x, z, conj = FALSE), 8))
}
print(round(convolve(c(1+1i, 2), c(1i, 1), type = "open"), 10))
r <- tryCatch(convolve(1:3, 1:2), error = function(e) conditionMessage(e))
print(r)
