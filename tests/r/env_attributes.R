e <- new.env()
class(e) <- "account"
print(class(e))
print(inherits(e, "account"))
f <- function(x) UseMethod("f")
f.account <- function(x) "account method"
f.default <- function(x) "default"
print(f(e))
print(f(new.env()))
attr(e, "tag") <- 5
print(attr(e, "tag"))
g <- e
class(g) <- c("savings", "account")
print(class(e))
print(attributes(e))
print.account <- function(x, ...) cat("<account", length(ls(x)), ">\n")
print(e)
e
h <- structure(new.env(), class = "thing", id = 7L)
print(inherits(h, "thing")); print(attr(h, "id"))
class(e) <- NULL
print(class(e)); print(f(e))
class(g) <- "again"; r <- tryCatch(unclass(g), error = function(err) conditionMessage(err))
print(r)
