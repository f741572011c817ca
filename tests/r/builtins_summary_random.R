# summary() of many random vectors and matrices at every scale (fixed,
# scientific, integer, with NAs), printed and formatted, against GNU R's
# print.summaryDefault and summary.data.frame layouts; norm() sums.
set.seed(42)
for (k in 1:150) {
  n <- sample(1:12, 1)
  sc <- 10^sample(-6:8, 1)
  x <- round(rnorm(n) * sc, sample(0:6, 1))
  if (k %% 5 == 0) x[sample(n, 1)] <- NA
  if (k %% 11 == 0) x <- as.integer(round(x))
  print(summary(x))
  if (k %% 3 == 0) print(summary(x, digits = sample(2:6, 1)))
  if (k %% 4 == 0) print(format(summary(x)))
}
for (k in 1:30) {
  m <- matrix(round(runif(6) * 10^sample(-3:5, 1), 3), 3)
  if (k %% 4 == 0) m[2, 1] <- NA
  print(summary(m))
}
set.seed(7)
for (k in 1:40) {
  r <- sample(1:7, 1)
  c <- sample(1:7, 1)
  m <- matrix(rnorm(r * c) * 10^sample(-3:3, 1), r, c)
  cat(sprintf("%.17g %.17g %.17g %.17g %.10g\n", norm(m, "F"), norm(m, "O"),
              norm(m, "I"), norm(m, "M"), norm(m, "2")))
}
