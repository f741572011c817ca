# Non-numeric argument to binary operator inside a function.
add <- function(a, b) a + b
print(add(1, 2))
add(list(1), 2)
