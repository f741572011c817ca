# apply-style code with closures over the caller's variables
weights <- function(n, a, b) {
  vals <- sapply(1:n, function(i) a * sin(i) + b * cos(i))
  sum(vals)
}
acc <- 0
for (k in 1:40) acc <- acc + weights(5000, 2, 0.5)
print(acc)
sq <- vapply(1:100000, function(i) i * i, numeric(1))
print(sum(sq))
