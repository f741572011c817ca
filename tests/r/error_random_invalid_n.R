set.seed(1)
print(runif(2))
runif(-1)
