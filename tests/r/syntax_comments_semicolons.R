# Comments, semicolons and newlines as separators.
a <- 1; b <- 2; print(a + b)  # trailing comment
# a full-line comment
x <- c(1,   # element one
       2,   # element two
       3)
print(x)
f <- function(a,
              b) {
  a +
    b
}
print(f(1, 2)); print("#not a comment")
{ print("block"); 5 }
y <- {
  10
  20
}
print(y)
