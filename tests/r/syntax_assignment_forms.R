# All assignment operators.
a <- 1
b = 2
3 -> c1
print(c(a, b, c1))
f <- function() {
  g <<- 10
  20 ->> h
  invisible(NULL)
}
f()
print(g); print(h)
x = y = 7
print(x + y)
z <- w <- 1:3
z[2] <- 100L
print(z); print(w)
(v <- 42)
(5 -> u)
print(u)
counter <- 0
inc <- function() counter <<- counter + 1
for (i in 1:5) inc()
print(counter)
