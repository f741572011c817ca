# Warning inside a function: "In f() : msg".
f <- function() {
  warning("careful now")
  1
}
y <- f()
print(y)
g <- function(x) sqrt(x)
print(g(-1))
