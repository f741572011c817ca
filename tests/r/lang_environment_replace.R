# environment(f) <- e: the same function looking up its free variables in e.
rate <- 2
price <- function(q) q * rate
print(price(10))
shop <- new.env()
assign("rate", 3, envir = shop)
environment(price) <- shop
print(price(10))
print(identical(environment(price), shop))
rate <- 50
print(price(10))
assign("rate", 4, envir = shop)
print(price(10))

# Back to the global environment.
environment(price) <- globalenv()
print(price(10))
print(environmentName(environment(price)))

# A function written at top level, moved into a new environment and called
# in a hot loop.
offset <- 1000
bump <- function(x) x + offset
local_env <- new.env()
assign("offset", 1, envir = local_env)
moved <- bump
environment(moved) <- local_env
s1 <- 0
s2 <- 0
for (i in 1:500) {
  s1 <- s1 + bump(i)
  s2 <- s2 + moved(i)
}
print(c(s1, s2))

# `<<-` in a moved function assigns in its new environment's chain.
counter_env <- new.env()
assign("n", 0, envir = counter_env)
n <- -1
tick <- function() n <<- n + 1
environment(tick) <- counter_env
for (i in 1:250) tick()
print(get("n", envir = counter_env))
print(n)

# A closure's environment swapped for another closure's.
make_acc <- function(start) {
  total <- start
  function(x) {
    total <<- total + x
    total
  }
}
a <- make_acc(0)
b <- make_acc(1000)
a(1)
a(2)
environment(a) <- environment(b)
print(a(5))
print(b(0))

# A function written at top level reading a variable of its new environment.
reader <- function() rate
environment(reader) <- shop
print(reader())

# body<-, formals<- and environment<- together.
f <- function(x) x
body(f) <- quote(x * factor)
formals(f) <- alist(x = , factor = rate)
env2 <- new.env()
assign("rate", 7, envir = env2)
environment(f) <- env2
print(f(6))
print(f(6, 1))
