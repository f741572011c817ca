# Inner accessors of a replacement run on a temporary, named *tmp* in errors.
x <- list(a = 1, b = 2)
x[["b"]][2] <- 5
print(x)
x[["z"]][2] <- 1
