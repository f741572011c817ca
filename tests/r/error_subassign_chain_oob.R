# An out-of-bounds matrix store through an accessor chain names the outermost
# replacement call, with the empty index kept.
l <- list(m = matrix(1:4, 2, 2))
l$m[2, ] <- 9L
print(l$m)
l$m[5, ] <- 1L
