draw <- function(n) sample(5, n)
set.seed(1)
print(draw(3))
draw(10)
