# Parse error: Rscript runs the statements before the bad one, then "Error: unexpected ..."
x <- 1
print(x)
y <- (2 +
  3))
print(y)
