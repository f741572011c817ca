# A simple linear congruential generator: programs bring their own RNG.
seed <- 12345
next_rand <- function() {
  seed <<- (seed * 16807) %% 2147483647
  seed / 2147483647
}
xs <- numeric(1000)
for (i in 1:1000) xs[i] <- next_rand()
print(xs[1:5])
print(mean(xs))
print(round(sum(xs), 8))
inside <- 0
for (i in 1:2000) { u <- next_rand(); v <- next_rand(); if (u * u + v * v <= 1) inside <- inside + 1 }
cat("pi estimate:", 4 * inside / 2000, "\n")
hist <- tabulate(floor(xs * 10) + 1, nbins = 10)
print(hist)
