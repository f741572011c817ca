# Labels from the expressions of arguments: deparse(substitute(x)).
show <- function(x) {
  cat(deparse(substitute(x)), "=", format(x), "\n")
  invisible(x)
}
a <- 3
b <- 4
show(a)
show(a + b)
show(sqrt(a^2 + b^2))
show(c(a, b) * 2)
show("literal")
show(10L)

# A label argument whose default is the expression.
describe <- function(x, label = deparse(substitute(x))) {
  paste0(label, ": mean ", round(mean(x), 2), ", n ", length(x))
}
vals <- c(1.5, 2.5, 4)
print(describe(vals))
print(describe(vals * 10))
print(describe(1:10, label = "ten"))

# The expression even when evaluating it would fail.
name_of <- function(x) deparse(substitute(x))
print(name_of(no_such_variable))
print(name_of(no_such_function(1, 2)))
print(name_of(undefined$field[[3]]))

# Promises are evaluated once, when first used.
counter <- 0
tick <- function() { counter <<- counter + 1; counter }
twice <- function(x) { cat("arg:", deparse(substitute(x)), "\n"); x + x }
print(twice(tick()))
print(counter)

# Not evaluated at all when unused.
lazy <- function(x, y) { cat("y is", deparse(substitute(y)), "\n"); x }
print(lazy(1, stop("never")))

# substitute in a nested call, with locals and several arguments.
both <- function(x, y) {
  k <- 2
  substitute(k * (x - y))
}
print(both(p + 1, q))
print(class(both(p, q)))

# Labels of many arguments through `...`.
labels <- function(...) sapply(substitute(list(...))[-1], deparse)
print(labels(alpha, beta + 1, f(gamma)))
dots_names <- function(...) as.character(substitute(c(...)))[-1]
print(dots_names(x1, x2, x3))

# A wrapper passes its own argument on: the label is the wrapper's name for it.
wrap <- function(v) name_of(v)
print(wrap(a + b))

# stopifnot-style checks that report the failing expression.
check <- function(cond) {
  if (!cond) cat("check failed:", deparse(substitute(cond)), "\n")
  invisible(cond)
}
check(a < b)
check(a > b)
check(length(vals) == 2)

# In lapply and sapply the argument is FUN's X[[i]].
print(sapply(1:2, function(x) deparse(substitute(x))))

# A long expression deparses to several lines.
long <- function(x) deparse(substitute(x))
print(long(first_long_argument_name + second_long_argument_name + third_long_argument_name))
