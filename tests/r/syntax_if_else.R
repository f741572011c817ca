# if / else forms, including value of if and else-if chains.
x <- 5
if (x > 3) print("big") else print("small")
if (x > 10) {
  print("huge")
} else if (x > 4) {
  print("medium")
} else {
  print("tiny")
}
y <- if (x %% 2 == 0) "even" else "odd"
print(y)
z <- if (FALSE) 1
print(z)
print(is.null(if (FALSE) 1))
f <- function(n) {
  if (n < 0)
    "negative"
  else if (n == 0)
    "zero"
  else
    "positive"
}
print(c(f(-1), f(0), f(3)))
if (TRUE) {
  cat("braced\n")
}
if (x == 5) cat("one-line\n")
res <- if (x > 0) { a <- x * 2; a + 1 } else 0
print(res)
