# Free variables read inside the arguments of an inlined builtin call
# (sqrt(scl * x), max(x, limit)): global reads with a type speculation;
# the globals are rebound to other types, to vectors and removed mid-loop.
scl <- 2
limit <- 10
g <- function(x) sqrt(scl * x) + max(x, limit) + abs(x - scl)
run <- function(n) {
  s <- 0
  for (i in 1:n) s <- s + g(i)
  s
}
print(run(3000))
scl <- 3L
print(run(3000))
limit <- 2.5
print(run(3000))
scl <- c(1, 4)
print(run(10))
scl <- NA_integer_
print(run(10))
scl <- TRUE
print(run(3000))
h <- function(v) exp(-decay * v) * sin(freq * v)
decay <- 0.01
freq <- 3
acc <- 0
for (i in 1:4000) {
  acc <- acc + h(i)
  if (i == 2000) freq <- 2L
  if (i == 3000) decay <- 1e-3
}
print(acc)
rm(scl)
r <- tryCatch(run(5), error = function(e) conditionMessage(e))
print(r)
scl <- "a"
print(tryCatch(run(5), error = function(e) conditionMessage(e)))
scl <- 1
print(run(5))
