f <- factor(c("lo", "hi"), labels = c("L", "H"))
print(f)
factor(1:3, labels = c("a", "b"))
