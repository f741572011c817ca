set.seed(99)
n <- 200000
inside <- 0
for (i in 1:n) {
  x <- runif(1); y <- runif(1)
  if (x * x + y * y <= 1) inside <- inside + 1
}
cat("pi ~", 4 * inside / n, "\n")
