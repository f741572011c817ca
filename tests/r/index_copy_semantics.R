# Value semantics: modifying a copy never changes the original.
a <- c(1, 2, 3)
b <- a
b[1] <- 100
print(a); print(b)
f <- function(v) { v[1] <- -1; v }
x <- 1:3
y <- f(x)
print(x); print(y)
l <- list(p = 1)
l2 <- l
l2$p <- 2
print(l$p); print(l2$p)
m <- matrix(0, 2, 2)
m2 <- m
m2[1, 1] <- 1
print(m[1, 1]); print(m2[1, 1])
g <- function(lst) { lst$new <- TRUE; length(lst) }
print(g(l)); print(length(l))
