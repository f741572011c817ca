# Calls through non-symbol functions are <Anonymous>; one such call adds nothing.
obj <- list(m = function(x) stop("anon"))
g <- function() obj$m(1)
g()
