f <- function(x) { warning("negative input"); x }
options(warn = 2)
print(sqrt(4))
f(-1)
