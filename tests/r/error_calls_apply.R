# apply and outer call FUN from their own frames.
m <- matrix(1:4, 2)
print(apply(m, 1, sum))
apply(m, 2, function(col) if (col[1] > 2) stop("apply col") else col)
