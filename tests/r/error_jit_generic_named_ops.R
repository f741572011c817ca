# Operations compiled code cannot type, run by the runtime's generic path
# in a hot function: named vectors (arithmetic, comparison, indexing by
# name), recycling warnings caught by calling handlers and by tryCatch,
# and errors, in every tier.

move <- function(p, v) {
  p["x"] <- p["x"] + v["x"]
  p["y"] <- p["y"] + v["y"]
  if (p["x"] > 10) p["x"] <- 0
  p
}
p <- c(x = 0, y = 0)
for (i in 1:2000) p <- move(p, c(x = 0.5, y = -0.25))
print(p)
recycle <- function(a, b) a + b
n_warn <- 0
for (i in 1:300) {
  r <- withCallingHandlers(recycle(1:3, 1:2), warning = function(w) {
    n_warn <<- n_warn + 1
    invokeRestart("muffleWarning")
  })
}
print(r)
print(n_warn)
msg <- tryCatch(recycle(1:5, 1:2), warning = function(w) conditionMessage(w))
print(msg)
cmp <- function(a, b) a[b] > a[["y"]]
for (i in 1:500) z <- cmp(c(x = i, y = 250), "x")
print(z)
named_sum <- function(v) {
  s <- 0
  for (k in names(v)) s <- s + v[k] * 2
  s
}
for (i in 1:400) ns <- named_sum(c(a = 1, b = 2, c = i))
print(ns)
bad <- function(a, b) a + b
for (i in 1:300) ok <- bad(i, 1)
print(ok)
r <- tryCatch(bad("a", 1), error = function(e) conditionMessage(e))
print(r)
bad(list(1), 2)
