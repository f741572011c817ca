# Top-level auto-printing of visible values versus assignments and invisible().
1 + 1
x <- 5
x
(x <- 6)
invisible(7)
f <- function() invisible(8)
f()
(f())
g <- function() 9
g()
y <- g()
NULL
"string"
c(a = 1)
if (TRUE) 10
for (i in 1:2) i
print(invisible(11))
v <- c(1, 2)
v[2] <- 5
v
h <- function() { z <- 3 }
h()
(h())
k <- function() print("printed once")
w <- k()
