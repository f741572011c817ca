# [[ out of range on an atomic vector inside a function.
get_item <- function(v, i) v[[i]]
print(get_item(1:3, 2))
get_item(1:3, 10)
