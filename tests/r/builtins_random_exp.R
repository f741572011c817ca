# rexp (Ahrens-Dieter 1972): many seeds and rates
for (s in c(1, 2, 3, 7, 42, 123, 2024, 99999, -1, -77, 0, 1e6, 2147483647,
            31337, 8675309, 17, 256, 65536, 1000003, 5)) {
  set.seed(s)
  e <- rexp(10000)
  cat(sprintf("seed %d: sum %.15g max %.17g min %.17g\n", as.integer(s), sum(e), max(e), min(e)))
}
set.seed(2)
print(rexp(20))
print(rexp(5, 10))
print(rexp(6, rate = c(1, 0.5, 100)))
print(rexp(3, Inf))
print(rexp(2, 1L))
set.seed(77)
e <- rexp(50000, 3)
cat(format(sum(e), digits = 15), format(mean(e), digits = 15), "\n")
