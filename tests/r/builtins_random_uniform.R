# runif: many seeds, long sequences summarised by exact sums, full prints
for (s in c(1, 2, 3, 7, 42, 123, 2024, 99999, -1, -77, 0, 1e6, 2147483647, -2147483647,
            31337, 8675309, 17, 256, 65536, 1000003)) {
  set.seed(s)
  u <- runif(10000)
  cat(sprintf("seed %d: sum %.15g first %.17g last %.17g min %.17g max %.17g\n",
              as.integer(s), sum(u), u[1], u[10000], min(u), max(u)))
}
set.seed(42)
print(runif(20))
print(runif(5, 10, 20))
print(runif(6, min = c(0, 100), max = c(1, 200)))
print(runif(3, -5, -5))
print(runif(4, max = 1e-300))
x <- runif(c(1, 2, 3))
print(length(x))
print(runif(2.9))
print(runif(0))
print(runif(TRUE))
print(runif("3"))
print(runif(3, TRUE, 2L))
set.seed(3.9); print(runif(2))
set.seed(TRUE); print(runif(2))
set.seed("11"); print(runif(2))
f <- function() set.seed(5)
print(f())
set.seed(5); a <- runif(100); set.seed(5); b <- runif(100)
print(identical(a, b))
print(sprintf("%.17g", runif(3)))
