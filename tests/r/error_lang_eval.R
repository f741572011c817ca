# An uncaught error inside eval(): R names eval's call, and its Calls:
# line shows eval twice (the closure and its internal call).
area <- function(shape) eval(shape$formula, shape$dims)
sq <- list(formula = quote(side^2), dims = list(side = 3))
print(area(sq))
bad <- list(formula = quote(width * height), dims = list(width = 2))
print(area(bad))
