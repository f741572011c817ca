bin <- function(v, k) cut(v, breaks = k)
print(bin(c(1, 5, 9), 2))
bin(c(1, 5, 9), 1)
