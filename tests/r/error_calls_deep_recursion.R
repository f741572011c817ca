# A long chain is cut: the outermost call, "...", then the innermost.
r <- function(n) if (n == 0) stop("deep") else r(n - 1)
r(30)
