# c() of empty named arguments has no names (R prints numeric(0)), and a
# primitive prints as R prints it (two spaces before .Primitive).
print(c(r = numeric(0)))
print(attributes(c(a = character(0), b = character(0))))
print(c(a = numeric(0), b = 1))
print(c(list(), x = list()))
print(names(c(q = integer(0))))
x <- c(r = numeric(0)); x[1] <- 3; print(x)
print(c)
print(list(c, length(1:3)))
