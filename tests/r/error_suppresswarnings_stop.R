g <- function() suppressWarnings(stop("boom"))
h <- function() g()
print(suppressWarnings(as.integer("1")))
h()
