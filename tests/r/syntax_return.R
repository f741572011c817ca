# return() from functions, early exits, and implicit last value.
f <- function(x) {
  if (x > 0) return("positive")
  "non-positive"
}
print(f(1)); print(f(-1))
g <- function() {
  for (i in 1:100) {
    if (i * i > 50) return(i)
  }
  -1
}
print(g())
h <- function() return()
print(h())
k <- function(x) {
  while (TRUE) {
    x <- x + 1
    if (x > 5) return(x * 10)
  }
}
print(k(0))
m <- function() invisible(7)
m()
print(m())
