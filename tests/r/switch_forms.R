# switch: character with fallthrough and default, numeric switch, no match.
f <- function(x) switch(x, a = "apple", b = , c = "b or c", "default")
print(f("a")); print(f("b")); print(f("c")); print(f("z"))
g <- function(i) switch(i, "one", "two", "three")
print(g(1)); print(g(3))
print(is.null(g(4)))
h <- function(x) switch(x, a = 1, b = 2)
print(is.null(h("q")))
k <- function(op, a, b) switch(op,
  "+" = a + b,
  "-" = a - b,
  "*" = a * b,
  stop("unknown op"))
print(k("+", 2, 3)); print(k("*", 2, 3))
res <- tryCatch(k("/", 1, 2), error = function(e) conditionMessage(e))
print(res)
print(switch("b", a = "A", b = { x <- 10; x * 2 }))
print(switch(2L, "x", "y"))
s <- switch("none", a = 1)
print(s)
