# body<- : a new function with the same formals and environment and the
# body given.
area <- function(w, h = 2) w * h
print(area(3))
body(area) <- quote(w + h)
area
print(area(3))
print(area(3, 10))

# Constants as bodies.
body(area) <- 42
area
print(area(1))
body(area) <- "a string"
print(area(1))
body(area) <- c(1.5, 2.5)
area
print(area())
body(area) <- NULL
area
print(is.null(area()))

# A braced body with several statements.
body(area) <- quote({
  s <- w * h
  if (s > 10) "big" else "small"
})
area
print(c(area(2), area(5, 5)))

# Inspecting the replaced body.
b <- body(area)
print(class(b))
print(length(b))
print(b[[2]])
print(b[[3]][[1]])
print(deparse(b[[3]]))

# Changing one statement of a body in place (`body(f)[[2]] <- ...`).
body(area)[[2]] <- quote(s <- w * h * 10)
area
print(area(1))

# A body built from pieces.
op <- as.name("-")
body(area) <- call("(", as.call(list(op, quote(w), quote(h))))
area
print(area(10, 4))
body(area) <- bquote(w * .(7))
print(area(6))

# The first element of an expression vector, with R's warning when it has more.
body(area) <- expression(w^2)
print(area(9))
body(area) <- expression(w^3, w^4)
print(area(2))

# The environment is kept: a closure still sees its captured variables.
make_counter <- function() {
  count <- 0
  function() {
    count <<- count + 1
    count
  }
}
counter <- make_counter()
counter()
counter()
body(counter) <- quote({
  count <<- count + 10
  count
})
print(counter())
print(counter())

# `envir =` gives the new function another environment.
e <- new.env()
assign("k", 100, envir = e)
k <- 1
addk <- function(x) x + k
body(addk, envir = e) <- quote(x + k * 2)
print(addk(1))
print(identical(environment(addk), e))

# A nested function definition in a replaced statement.
outer_fn <- function(n) {
  inner <- function(m) m + 1
  inner(n) * 2
}
body(outer_fn)[[2]] <- quote(inner <- function(m) m + 100)
outer_fn
print(outer_fn(1))

# Replacing inside a function (a local copy) leaves the global one alone.
sq <- function(x) x^2
tweak <- function() {
  body(sq) <- quote(x^3)
  sq(2)
}
print(tweak())
print(sq(2))

# Warnings name the value as written where GNU R runs the assignment
# byte-compiled (in loops), else the value.
shape <- function(x) x
ex <- expression(x + 1, x - 1)
for (i in 1:2) body(shape) <- ex
body(shape) <- ex
print(shape(10))
