# Integer arithmetic: gcd/lcm over a range, digit sums, integer-typed loops.
gcd <- function(a, b) { while (b != 0L) { t <- b; b <- a %% b; a <- t }; a }
total <- 0L
for (i in 1:60) for (j in 1:60) total <- total + gcd(as.integer(i), as.integer(j))
print(total); print(typeof(total))
l <- 1
for (i in 1:20) l <- l * i / gcd(l, i)
print(l)
digit_sum <- function(n) { s <- 0L; while (n > 0L) { s <- s + n %% 10L; n <- n %/% 10L }; s }
print(sapply(c(12345L, 99999L, 1000000L), digit_sum))
