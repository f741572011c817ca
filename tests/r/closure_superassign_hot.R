# `<<-` from closures in hot loops: a counter in the enclosing function's
# frame, a variable two frames up, a name the enclosing frame has not bound
# yet (assigned globally), a closure whose environment is replaced, and
# closures made by local() and by nested function calls.
make_counter <- function() {
  count <- 0
  function(by = 1) {
    count <<- count + by
    count
  }
}
ctr <- make_counter()
for (i in 1:5000) ctr()
print(ctr(0))
other <- make_counter()
for (i in 1:300) other(2)
print(c(ctr(0), other(0)))

outer_fn <- function(n) {
  total <- 0
  middle <- function() {
    inner <- function(k) total <<- total + k
    for (k in 1:n) inner(k)
  }
  middle()
  total
}
for (r in 1:20) s <- outer_fn(1000)
print(s)

late <- function(n) {
  f <- function() {
    for (i in 1:n) acc_late <<- i
  }
  f()
  acc_late <- -1
  f()
  acc_late
}
print(late(300))
print(exists("acc_late"))
print(acc_late)

swap_env <- function() {
  v <- 10
  g <- function() { v <<- v + 1; v }
  for (i in 1:400) g()
  e <- new.env()
  assign("v", 100, envir = e)
  environment(g) <- e
  for (i in 1:400) g()
  c(v, get("v", envir = e))
}
print(swap_env())

acc <- local({
  n <- 0L
  function() { n <<- n + 1L; n }
})
for (i in 1:1000) acc()
print(acc())

types <- function() {
  x <- 0L
  bump <- function(v) x <<- x + v
  for (i in 1:300) bump(1L)
  for (i in 1:300) bump(0.5)
  for (i in 1:3) bump(1i)
  x
}
print(types())

super_while <- function(n) {
  x <- 0
  f <- function() while (x < n) x <<- x + 1
  f()
  x
}
print(super_while(100000))
