# summary() of a function: R's summary.default takes it for a list.
v <- summary(c(3, 1, 2))
print(v)
f <- function(x) x + 1
summary(f)
