# Reading an undefined variable at top level.
y <- 1
print(y)
print(undefined_variable)
