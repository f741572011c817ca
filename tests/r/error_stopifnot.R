# stopifnot failure at top level.
x <- 3
stopifnot(is.numeric(x), x > 5)
