f <- factor(c("a", "b", NA))
total <- function(x) sum(x)
total(f)
