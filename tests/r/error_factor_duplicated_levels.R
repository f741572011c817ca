make_levels <- function(x) factor(x, levels = c("a", "b", "a"))
ok <- factor(c("a", "b"))
print(ok)
make_levels(c("a", "b"))
