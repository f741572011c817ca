# Compiled code keeps its locals in registers; a callee that reads or writes
# its caller's frame through parent.frame() (get/assign/exists on it) must
# see and change the caller's current values, in every mode.
setter <- function(name, v) assign(name, v, envir = parent.frame())
getter <- function(name) get(name, envir = parent.frame())
f <- function(k) {
  x <- k * 2
  y <- k + 1L
  if (k > 450) setter("x", -1)
  z <- x + y
  if (k > 480) z <- z + getter("y")
  z
}
s <- 0
for (i in 1:500) s <- s + f(i)
print(s)
# two levels up, with a closure sharing a local
leaf <- function(k) if (k > 250) exists("marker", envir = parent.frame(2), inherits = FALSE) else FALSE
mid <- function(k) leaf(k)
up <- function(k) {
  marker <- k
  cnt <- 0L
  bump <- function() cnt <<- cnt + 1L
  bump()
  r <- mid(k)
  bump()
  c(r, cnt, marker)
}
for (i in 1:300) q <- up(i)
print(q)
# a loop whose variables are observed mid-way (OSR-in code)
g <- function(n) {
  acc <- 0
  for (i in 1:n) {
    acc <- acc + i
    if (i == n - 3L) setter("acc", 1000)
  }
  acc
}
print(g(5000L))
print(g(20L))
g2 <- function(k) if (k > 500) get("x", envir = parent.frame()) else k
f2 <- function(k) { x <- k * 2; g2(k) }
s <- 0
for (i in 1:600) s <- s + f2(i)
print(s)
