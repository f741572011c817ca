# rnorm by inversion: many seeds, exact sums and sums of squares
for (s in c(1, 2, 3, 7, 42, 123, 2024, 99999, -1, -77, 0, 1e6, 2147483647,
            31337, 8675309, 17, 256, 65536, 1000003, 5)) {
  set.seed(s)
  z <- rnorm(10000)
  cat(sprintf("seed %d: sum %.15g sumsq %.15g min %.17g max %.17g\n",
              as.integer(s), sum(z), sum(z * z), min(z), max(z)))
}
set.seed(1)
print(rnorm(25))
print(rnorm(5, mean = 10, sd = 2))
print(rnorm(6, mean = c(0, 100, -100), sd = c(1, 0.001)))
print(rnorm(3, 5, 0))
print(rnorm(2, Inf, 1))
print(rnorm(2, -Inf))
set.seed(10)
z <- rnorm(100000)
cat(format(sum(z), digits = 15), format(max(abs(z)), digits = 15), "\n")
print(sprintf("%.17g", rnorm(4, 1e10, 1e-5)))
# mixed generators share one stream
set.seed(99)
print(c(runif(1), rnorm(1), runif(1), rnorm(2)))
