# complete.cases with arguments of different lengths.
print(complete.cases(c(1, NA), c("a", "b")))
complete.cases(c(1, NA, 3), c(1, 2))
