# Logical, character and complex matrices; dimnames-free t() and dim<-.
print(matrix(c(TRUE, FALSE, NA, TRUE), 2))
print(matrix(c("a", "bb", NA, "dddd"), 2))
print(matrix(c(1+1i, -2i, 3, NA), 2))
x <- 1:6
dim(x) <- c(3, 2)
print(x)
print(t(x))
print(dim(x))
print(matrix(letters[1:6], nrow = 2, byrow = TRUE))
