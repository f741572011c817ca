# for (i in seq_len(n)) compiled at the first call (no profile of n yet): the
# runtime gives the count, or exits for what seq_len validates (warnings, errors).
f <- function(n) { s <- 0; for (i in seq_len(n)) s <- s + i; s }
print(f(5)); print(f(0)); print(f(3L)); print(f(TRUE))
r <- tryCatch(f(-1), error = function(e) conditionMessage(e)); print(r)
r <- tryCatch(f("a"), error = function(e) conditionMessage(e)); print(r)
print(f(2.0))
r <- tryCatch(f(c(2, 3)), error = function(e) conditionMessage(e), warning = function(w) conditionMessage(w)); print(r)
g <- function(v) { s <- 0; for (i in seq_len(v)) s <- s + i; s }
for (r in 1:50) x <- g(r %% 4)
print(x)
print(g(c(3, 9)))
