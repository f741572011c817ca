same <- function(a, b) a == b
f <- factor(c("a", "b"))
print(same(f, rev(f)))
same(f, factor(c("a", "c")))
