# Braces and parentheses as expressions; invisible assignment made visible.
(x <- 3)
x <- (1 + 2) * (3 + 4)
print(x)
y <- { 1; 2; 3 }
print(y)
print(((((5)))))
f <- function() { }
print(f())
print({ })
