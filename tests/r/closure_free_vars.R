# Free variables of closures made inside functions, read from the enclosing
# frame (or the global environment behind it) through a per-site cache:
# values changing between calls, a variable assigned only later in the
# enclosing function, one found globally until the enclosing frame binds it,
# and a global rebound mid-loop.
scale_all <- function(xs, k) {
  out <- numeric(length(xs))
  for (i in seq_along(xs)) {
    f <- function(x) x * k + offset
    out[i] <- f(xs[i])
    k <- k + 1
  }
  out
}
offset <- 0.5
for (r in 1:100) a <- scale_all(1:5, 2)
print(a)
offset <- 10L
print(scale_all(1:5, 2))
late <- function(n) {
  g <- function() if (exists("m", inherits = FALSE)) -1 else total
  total <- 0
  for (i in 1:n) total <- total + i
  g()
}
for (r in 1:100) b <- late(10)
print(b)
shadowing <- function(xs, use_local) {
  if (use_local) level <- 100
  sapply(xs, function(x) x + level)
}
level <- 1
for (r in 1:150) c1 <- shadowing(1:3, r %% 2 == 0)
print(c1)
print(shadowing(1:3, FALSE))
print(shadowing(1:3, TRUE))
counter <- function() {
  hits <- 0L
  bump <- function(by) { hits <<- hits + by; hits }
  for (i in 1:500) bump(if (i %% 2 == 0) 1L else 2L)
  vapply(1:3, function(j) hits + j, numeric(1))
}
print(counter())
types <- function(v) sapply(1:4, function(i) v[i] * 2)
for (r in 1:200) d <- types(c(1.5, 2, 3, 4))
print(d)
print(types(1:4))
print(types(c("a", "b", "c", "d") == "b"))
missing_var <- function() sapply(1:2, function(i) i + not_defined_anywhere)
r <- tryCatch(missing_var(), error = function(e) conditionMessage(e))
print(r)
