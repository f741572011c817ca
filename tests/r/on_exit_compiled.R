# on.exit in functions hot enough to compile: the exit expression reads
# locals assigned after it was registered (they must be in the frame when
# the activation ends), add = TRUE registrations in a loop, an error that
# runs the exit code and is caught by the caller, and on.exit(options(op)).
f <- function(n) {
  old <- n
  on.exit(cat("exit", old, "\n"))
  s <- 0
  for (i in 1:n) s <- s + i
  old <- s
  s
}
for (k in 1:3) print(f(k * 10L))

g <- function(x) {
  acc <- 0
  on.exit(acc <- -1)
  for (i in seq_along(x)) acc <- acc + x[i]
  acc
}
tot <- 0
for (k in 1:300) tot <- tot + g(c(1, 2, k))
print(tot)

log <- c()
h <- function(v) {
  for (j in seq_len(v %% 3L)) on.exit(log <<- c(log, j * v), add = TRUE)
  if (v %% 7L == 0L) stop("multiple of seven: ", v)
  v * 2
}
s <- 0
for (v in 1:400) s <- s + tryCatch(h(v), error = function(e) -1)
print(s)
print(length(log))
print(sum(log))

with_digits <- function(x) {
  op <- options(digits = 3)
  on.exit(options(op))
  format(x)
}
for (k in 1:200) r <- with_digits(pi * k)
print(r)
print(format(pi))

counter <- 0
bump <- function(by) {
  on.exit(counter <<- counter + by)
  by * 2
}
z <- 0
for (i in 1:500) z <- z + bump(i)
print(c(z, counter))
