# Reads far past the end of a vector or list are NA (R never allocates for
# them); only an assignment there would grow the vector.
x <- c(1, 2, 3)
print(x[3e10])
print(x[c(1, 3e10, 2)])
print(x[2^40])
l <- list(1, "a")
print(l[5e9])
print(tryCatch(x[[3e10]], error = function(e) conditionMessage(e)))
names(x) <- c("a", "b", "c")
print(x[4e9])
