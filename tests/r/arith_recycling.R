# Recycling rules, including the warning for non-multiple lengths.
print(1:6 + 1:2)
print(1:6 * c(10, 100, 1000))
print(1:3 + 1)
print(c(1, 2) == c(1, 2, 1, 2))
x <- 1:5 + 1:2
print(x)
