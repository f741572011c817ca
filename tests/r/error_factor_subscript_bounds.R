second_level <- function(f) f[[2]]
print(second_level(factor(c("x", "y"))))
second_level(factor("only"))
