# `p$x <- v` on lists: replaced in place only when the list is not shared
# (copy-on-write), exact names only (a partial name appends a new element),
# the first of duplicate names, NULL deletes, and records passed to
# functions and kept in lists of records.
p <- list(x = 1, y = 2, label = "a")
q <- p
q$x <- 10
print(p$x); print(q$x)

r <- list(alpha = 1, beta = 2)
r$al <- 5
print(names(r)); print(r$alpha); print(r$al)

d <- list(a = 1, a = 2, b = 3)
d$a <- 100
print(unlist(d))

d$b <- NULL
print(names(d))
d$z <- list(1, 2)
print(length(d$z))

move <- function(p, dt) {
  p$x <- p$x + p$vx * dt
  p$vx <- p$vx * 0.99
  if (p$x > 5) p$hits <- p$hits + 1L
  p
}
ps <- vector("list", 4)
for (i in 1:4) ps[[i]] <- list(x = i, vx = 0.5 * i, hits = 0L)
orig <- ps
for (s in 1:300) for (i in seq_along(ps)) ps[[i]] <- move(ps[[i]], 0.1)
for (i in 1:4) cat(sprintf("%d %.6f %.6f %d | %g\n", i, ps[[i]]$x, ps[[i]]$vx, ps[[i]]$hits, orig[[i]]$x))

# A record shared by two variables inside a hot function.
twin <- function(n) {
  a <- list(v = 0, w = 0)
  total <- 0
  for (k in 1:n) {
    b <- a
    b$v <- b$v + k
    a$w <- a$w + 1
    total <- total + b$v - a$v
  }
  c(total, a$w, a$v)
}
print(twin(500))

# Attributes other than names survive.
at <- structure(list(u = 1, v = 2), extra = "kept")
at$v <- 3
print(attributes(at))
