# [[ out of range on a list: subscript out of bounds.
l <- list(1, 2)
print(l[[2]])
l[[3]]
