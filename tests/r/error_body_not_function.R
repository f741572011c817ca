# body<- of a value that is not a function: R's warnings, then the error of
# the as.function() call R's body<- makes (a number has no environment).
f <- function(x) x + 1
body(f) <- quote(x + 2)
print(f(1))
reset_all <- function() {
  settings <- 5
  body(settings) <- quote(y)
  settings
}
reset_all()
print("not reached")
