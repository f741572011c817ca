# scale() with one centre too few, inside a helper.
standardise <- function(m, ctr) scale(m, center = ctr)
standardise(matrix(1:6, 3), c(1, 2))
standardise(matrix(1:6, 3), 1)
