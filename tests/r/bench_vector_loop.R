# Numeric loop over a vector: sum of squares and a running checksum.
n <- 10000
x <- numeric(n)
for (i in 1:n) x[i] <- (i %% 97) / 7
s <- 0
for (i in seq_along(x)) s <- s + x[i] * x[i]
cat("sum of squares:", s, "\n")
print(sum(x^2))
print(s == sum(x^2))
