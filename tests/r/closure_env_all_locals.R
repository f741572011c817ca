# The frame of a function that made a closure is the closure's environment:
# after the function returns compiled, every local it bound is there.
mk <- function(k) { a <- k; b <- k * 2; if (k > 0) c <- "pos" else c <- "neg"; function() a }
for (i in 1:300) f <- mk(i)
e <- environment(f)
print(e$b); print(get("c", envir = e)); print(sort(ls(e)))
print(f())
