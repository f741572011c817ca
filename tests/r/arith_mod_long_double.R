# %% and %/% of doubles compute the remainder in long double as GNU R does
# (found by generated-program testing: 1 %/% 0.1 is 9, not 10), in the
# interpreter and in compiled loops.
x <- c(1, 0.3, 5.5, -1, 7, 2.2, -0.7, 123.456, 1e10)
y <- c(0.1, 0.2, -0.3, 0.7, 1.1, 0.35, 0.001)
for (a in x) for (b in y) cat(a %/% b, a %% b, "\n")
print(1 %/% 0.1); print(1 %% 0.1); print(sprintf("%.20g", 1 %% 0.1))
f <- function(n) { s <- 0; for (j in 1:n) s <- s + (j %/% 0.1) + (j %% 0.1); s }
for (k in 1:20) r <- f(30L)
print(r, digits = 15)
m <- matrix(0.5, 3, 4)
for (i in 1:3) for (j in 1:4) m[i, j] <- min(i, 2) ^ (j %/% 0.1)
print(m)
