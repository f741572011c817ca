# Mixing positive and negative subscripts is an error.
x <- 1:5
print(x[-1])
x[c(-1, 2)]
