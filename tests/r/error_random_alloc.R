x <- rnorm(1e10)
