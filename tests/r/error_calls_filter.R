# Filter runs its predicate through unlist(lapply(...)).
keep <- function(x) if (x > 2) stop("too big: ", x) else TRUE
Filter(keep, 1:5)
