f <- factor(c("b", "a", "b"))
f[2] <- "zz"
f
g <- function(x) { x[[1]] <- "nope"; x }
g(f)
f + 1
h <- function(x) x < "b"
h(f)
mean(f)
-f
f & TRUE
