# 1-D convolution of two vectors by loops.
conv <- function(a, b) {
  na <- length(a); nb <- length(b)
  out <- numeric(na + nb - 1)
  for (i in 1:na) for (j in 1:nb) out[i + j - 1] <- out[i + j - 1] + a[i] * b[j]
  out
}
print(conv(1:3, c(0, 1, 0.5)))
x <- sin(1:200 / 10)
k <- c(0.25, 0.5, 0.25)
y <- conv(x, k)
print(length(y))
print(round(sum(y), 6))
print(round(y[1:6], 4))
