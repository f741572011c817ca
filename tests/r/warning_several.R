# Several warnings in one statement: numbered "Warning messages:".
f <- function() {
  warning("first")
  warning("second")
  warning("third")
  "done"
}
print(f())
x <- as.integer(c("a", "b")) + 1:3
print(x)
