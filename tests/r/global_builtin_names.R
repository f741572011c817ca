# Globals named like builtins (scale, norm, levels) read by compiled
# functions: ordinary globals while bound; after rm() the name finds the
# builtin again, as in GNU R.
scale <- 2.5
norm <- function(v) sqrt(sum(v^2))
levels <- 3L
affine <- function(x) x * scale + levels
total <- 0
for (i in 1:2000) total <- total + affine(i)
print(total)
print(norm(c(3, 4)))
scale <- 0.5
print(affine(10))
rm(scale)
r <- tryCatch(affine(10), error = function(e) conditionMessage(e))
print(r)
print(is.function(scale))
rm(norm)
print(norm(matrix(1:4, 2)))
