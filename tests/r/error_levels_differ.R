f <- factor(c("a", "b", "a"))
levels(f) <- c("x", "y", "z")
print(f)
levels(f) <- "only"
