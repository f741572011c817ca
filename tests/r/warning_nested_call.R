# A warning raised in an inner function names the inner call; call. = FALSE drops it.
inner <- function(v) { warning("inner says ", v); v * 2 }
outer_fn <- function(v) inner(v + 1)
r <- outer_fn(1)
print(r)
quiet <- function() warning("no call here", call. = FALSE)
quiet()
cat("end\n")
