# A local bound on one branch only, then updated as x <- x + d: on the other
# path R reads the global (the read's exit state keeps the addend on the stack).
x <- 100
f <- function(c) { if (c) x <- 1; x <- x + 2; x }
s <- 0
for (i in 1:300) s <- s + f(i %% 3 == 0)
print(s)
print(f(FALSE))
