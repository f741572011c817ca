x <- c(3, 1, NA, 7)
print(quantile(x, na.rm = TRUE))
quantile(x, c(0.1, 0.9))
