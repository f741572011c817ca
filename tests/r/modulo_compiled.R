# %% and %/% in compiled loops on ints and doubles: negative operands, zero,
# NA, NaN, +-Inf and subnormal divisors (R semantics, GNU R recorded).
f <- function(a, b) { r <- 0; for (i in 1:3) r <- (i + a) %% b; r }
g <- function(a, b) { r <- 0; for (i in 1:3) r <- (i + a) %/% b; r }
h <- function(a, b) { r <- 0L; for (i in 1:3) r <- (i + a) %% b; r }
k <- function(a, b) { r <- 0L; for (i in 1:3) r <- (i + a) %/% b; r }
for (j in 1:200) { x <- f(0.5, 2); y <- g(0.5, 2); z <- h(1L, 2L); w <- k(1L, 2L) }
print(c(x, y, z, w))
for (b in c(Inf, -Inf, 0, -2, 2, NaN, NA, 1e-310, -0.5)) print(c(f(0.5, b), f(-5.5, b), g(0.5, b), g(-5.5, b)))
for (b in c(0L, -2L, 2L, NA)) print(c(h(1L, b), h(-7L, b), k(1L, b), k(-7L, b)))
print(c(f(Inf, 2), g(Inf, 2), f(-Inf, 3), g(NaN, 2)))
