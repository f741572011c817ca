# Closures reading and assigning (`<<-`) variables of the function frame
# that encloses them, in hot loops: counters, accumulators, type changes of
# the free variable mid-loop, unbound enclosing slots, globals, nested
# closures, shared vectors.

# A counter closure: the free variable changes type (int -> double ->
# integer overflow to a double sum -> logical -> character).
make_counter <- function() {
  count <- 0L
  list(
    add = function(by) count <<- count + by,
    get = function() count,
    set = function(v) count <<- v
  )
}
ctr <- make_counter()
for (i in 1:3000) ctr$add(1L)
print(ctr$get())
for (i in 1:3000) ctr$add(0.5)
print(ctr$get())
ctr$set(TRUE)
for (i in 1:10) ctr$add(TRUE)
print(ctr$get())
ctr$set(NA_integer_)
for (i in 1:10) ctr$add(1L)
print(ctr$get())
ctr$set(c(1, 2))
for (i in 1:5) ctr$add(1)
print(ctr$get())
ctr$set("a")
r <- tryCatch(ctr$add(1), error = function(e) conditionMessage(e))
print(r)

# The loop inside the closure: `while` over free variables.
count_to <- function(n) {
  x <- 0
  f <- function() {
    while (x < n) x <<- x + 1
    x
  }
  f()
}
print(count_to(20000))
print(count_to(3L))
print(count_to(0))

# A callee changes the free variable's type in the middle of the loop.
mixed <- function(n) {
  k <- 1L
  s <- 0
  bump <- function(i) {
    if (i == n %/% 2) k <<- 2.5
    if (i == n - 3) k <<- c(1, 10)
  }
  run <- function() {
    for (i in 1:n) {
      s <<- s + k
      bump(i)
    }
  }
  run()
  s
}
print(mixed(4000))

# An enclosing slot that is unbound at first: the lookup goes on to the
# global binding, then finds the local one once it is assigned.
y <- 100
outer <- function(n) {
  g <- function() y
  s <- 0
  for (i in 1:n) s <- s + g()
  y <- 1
  for (i in 1:n) s <- s + g()
  s
}
print(outer(3000))

# `<<-` of a name the enclosing frame does not have assigns the global.
tally <- function(n) {
  h <- function(i) total_global <<- total_global + i
  for (i in 1:n) h(i)
  invisible(NULL)
}
total_global <- 0
tally(2500)
print(total_global)

# Two levels up: the grandparent's variable.
nest <- function(n) {
  acc <- 0
  mid <- function() {
    inner <- function(i) acc <<- acc + i * 2
    for (i in 1:n) inner(i)
  }
  mid()
  acc
}
print(nest(3000))

# Growing a shared vector through a free variable; a copy taken midway
# keeps its values (copy-on-write).
collect <- function(n) {
  v <- numeric(0)
  snap <- NULL
  add <- function(i) {
    v <<- c(v, i)
    if (length(v) == 5) snap <<- v
  }
  for (i in 1:n) add(i * 1.5)
  list(length(v), sum(v), snap)
}
str(collect(1000))

# Special doubles and logicals survive the copy.
specials <- function() {
  z <- -0
  flag <- FALSE
  big <- Inf
  f <- function() {
    for (i in 1:2000) {
      flag <<- !flag
      z <<- z * 1
      big <<- big - 1
    }
    c(1 / z, flag, big)
  }
  f()
}
print(specials())

# Closures over a function's variables in sapply (read only).
scaled <- function(a, b, n) sapply(seq_len(n), function(i) a * i + b)
print(sum(scaled(2, 3L, 5000)))
print(scaled(0.5, -1, 6))
