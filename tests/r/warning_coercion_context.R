# Coercion warnings name the closure whose code coerced (or nothing at top level),
# a call when inside the arguments of a closure such as print, and the builtin
# call inside a top-level loop (which R byte-compiles).
f <- function(x) as.integer(x)
y <- f("a")
z <- as.numeric("b")
print(as.integer("c"))
for (i in 1:2) w <- as.numeric("d")
g <- function() { for (i in 1:3) v <- as.integer("e"); v }
g()
v <- -1:"2"
error_after <- function() { x <- as.integer("q"); sqrt(-1); stop("after ", x) }
error_after()
