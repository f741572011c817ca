# Nested replacements (`p$v[i] <- x`, `a$b$c[i] <- x`, `l[[k]]$x <- v`) in
# function loops: the variable and each field on the way are moved out and
# updated in place, with R's semantics kept: aliases made before keep their
# values, an index that reads the variable itself, partial names, classes
# with `$` methods, NULL bases, and an error in the middle.
fill <- function(n) {
  p <- list(v = numeric(n), count = 0L)
  for (i in 1:n) {
    p$v[i] <- i / 2
    p$count <- p$count + 1L
  }
  p
}
r <- fill(5000L)
print(c(sum(r$v), r$count, length(r$v)))

alias <- function(n) {
  p <- list(v = integer(n))
  q <- p
  for (i in 1:n) p$v[i] <- i
  keep <- p
  for (i in 1:n) p$v[i] <- -i
  list(sum(p$v), sum(q$v), sum(keep$v))
}
print(unlist(alias(100L)))

self_index <- function(n) {
  p <- list(v = numeric(n), last = 0)
  for (i in 1:n) p$v[length(p$v) - i + 1L] <- i
  p$v[1:5]
}
print(self_index(10L))

deep <- function(n) {
  a <- list(b = list(c = numeric(n), d = "x"), e = 1)
  for (i in 1:n) a$b$c[i] <- i * i
  for (i in 1:n) a$b$c[[i]] <- a$b$c[[i]] + 1
  c(sum(a$b$c), a$b$d, a$e)
}
print(deep(50L))

rows <- function(n) {
  l <- list(list(x = 0, y = 1), list(x = 10, y = 11))
  for (i in 1:n) l[[(i %% 2L) + 1L]]$x <- l[[(i %% 2L) + 1L]]$x + i
  c(l[[1]]$x, l[[2]]$x, l[[1]]$y)
}
print(rows(40L))

partial <- function() {
  p <- list(value = c(1, 2, 3))
  for (k in 1:2) p$va[k] <- k * 100
  p
}
print(partial())

from_null <- function(n) {
  p <- NULL
  for (i in 1:n) p$v[i] <- i
  p
}
print(from_null(4L))

`$.rec` <- function(x, name) {
  cat("get", name, "\n")
  unclass(x)[[name]]
}
`$<-.rec` <- function(x, name, value) {
  cat("set", name, "\n")
  y <- unclass(x)
  y[[name]] <- value
  structure(y, class = "rec")
}
classed <- function(n) {
  p <- structure(list(v = numeric(3)), class = "rec")
  for (i in 1:n) p$v[i] <- i
  unclass(p)$v
}
print(classed(3L))

typed <- function(n) {
  p <- list(v = integer(n))
  for (i in 1:n) p$v[i] <- if (i %% 3L == 0L) i + 0.5 else i
  p$v
}
print(typed(7L))

failing <- function() {
  p <- list(v = 1:3, w = "keep")
  r <- tryCatch({
    for (k in 1:2) p$v[[k + 3]] <- 1:2
    "done"
  }, error = function(e) conditionMessage(e))
  list(r, p$w)
}
print(failing())

for (k in 1:3) print(sum(fill(300L)$v))
