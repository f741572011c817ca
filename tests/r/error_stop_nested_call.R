# Error raised several frames deep reports the innermost call.
inner <- function(v) stop("inner failure")
middle <- function(v) inner(v + 1)
outer_fn <- function() middle(1)
outer_fn()
