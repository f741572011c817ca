# formals<- : a new function with the formals given and the same body.
f <- function(x, y = 2) x + y
formals(f) <- alist(x = , y = 10)
f
print(f(1))
formals(f) <- list(x = 5, y = 6)
f
print(f())
print(f(y = 1))

# Changing one default: formals(f)$name <- value.
formals(f)$y <- 100
f
print(f(1))
formals(f)[["x"]] <- quote(y / 4)
f
print(f())

# Dropping a parameter (its name is then a free variable).
y <- -1
formals(f)$y <- NULL
f
print(f(1))

# A named vector gives one parameter per element.
g <- function() a * b
formals(g) <- c(a = 3, b = 4)
g
print(g())
print(g(b = 0.5))

# Defaults that refer to other parameters, and `...`.
h <- function() NULL
formals(h) <- alist(first = , second = first * 2, ... = )
body(h) <- quote(c(first, second, length(list(...))))
h
print(h(1))
print(h(1, 5, "x", "y"))
print(names(formals(h)))

# No formals at all.
formals(h) <- NULL
body(h) <- quote("none")
h
print(h())

# Defaults of any type, printed as R deparses them.
k <- function(x) x
formals(k) <- list(a = 1:3, b = "s", c = NULL, d = list(1, "two"), e = TRUE)
k
body(k) <- quote(list(a, b, c, d, e))
str(k())

# The environment is kept.
make_adder <- function(n) function(x) x + n
add3 <- make_adder(3)
formals(add3) <- alist(x = , extra = 0)
body(add3) <- quote(x + n + extra)
print(add3(1))
print(add3(1, 10))

# A function whose formals change in a hot loop of calls.
acc <- function(v) v
total <- 0
for (i in 1:300) {
  if (i %% 100 == 1) formals(acc) <- list(v = i)
  total <- total + acc()
}
print(total)

# formals() and args() of the new function.
print(formals(acc))
args(acc)
