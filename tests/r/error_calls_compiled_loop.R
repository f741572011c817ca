# An error deep inside a hot loop (compiled by the JIT in dlvm) keeps its Calls: line.
inner <- function(x) if (x > 2999) stop("limit reached at ", x) else x
middle <- function(x) inner(x) + 1
outer_loop <- function(n) { s <- 0; for (i in 1:n) s <- s + middle(i); s }
print(outer_loop(100))
print(outer_loop(3000))
