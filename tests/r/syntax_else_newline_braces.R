# Inside braces (and function bodies) else may start a new line.
f <- function(x) {
  if (x > 0)
    "positive"
  else
    "not positive"
}
print(f(1)); print(f(-1))
{
  if (FALSE) print("no")
  else print("else on next line inside braces")
}
g <- function(x) {
  if (x) {
    1
  }
  else {
    2
  }
}
print(g(TRUE) + g(FALSE))
