# A method dispatched by UseMethod runs as method(args).
area <- function(s) UseMethod("area")
area.default <- function(s) stop("unknown shape")
area.square <- function(s) s$side^2
print(area(structure(list(side = 3), class = "square")))
area(1)
