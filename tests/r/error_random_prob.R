set.seed(1)
sample(3, 2, prob = c(0.5, NA, 0.5))
