# print methods invoked by auto-print and by explicit print().
print.money <- function(x, ...) {
  cat("$", formatC(unclass(x), format = "f", digits = 2), "\n")
  invisible(x)
}
m <- structure(12.5, class = "money")
m
print(m)
y <- m
lst <- list(m)
print(unclass(m))
format.point <- function(x, ...) paste0("(", x$x, ", ", x$y, ")")
print.point <- function(x, ...) cat("Point", format(x), "\n")
p <- structure(list(x = 1, y = 2), class = "point")
p
print(p)
make_stack <- function() structure(list(items = list()), class = "stack")
push <- function(s, v) UseMethod("push")
push.stack <- function(s, v) { s$items[[length(s$items) + 1]] <- v; s }
print.stack <- function(x, ...) cat("<stack of", length(x$items), "items>\n")
s <- make_stack()
s <- push(s, 1)
s <- push(s, "two")
s
