# `is.null(t$left)` and `!is.null(x)` in hot code: the field read stays a
# runtime call inside the inlined is.null, and `!` of the inlined result is
# a native negation; an error raised by the field read keeps R's message.
depth <- function(t) {
  if (is.null(t$left)) 0L else 1L + max(depth(t$left), depth(t$right))
}
build <- function(d) {
  if (d == 0L) return(list(left = NULL, right = NULL, v = 1))
  list(left = build(d - 1L), right = build(d - 1L), v = d)
}
count_nonnull <- function(xs) {
  n <- 0L
  i <- 1L
  while (i <= length(xs)) {
    if (!is.null(xs[[i]]$tag)) n <- n + 1L
    i <- i + 1L
  }
  n
}
walk <- function(l) {
  steps <- 0L
  while (!is.null(l)) {
    steps <- steps + 1L
    l <- l$nxt
  }
  steps
}
mk <- function(n) if (n == 0L) NULL else list(val = n, nxt = mk(n - 1L))

t <- build(6L)
s <- 0L
for (k in 1:200) s <- s + depth(t)
print(s)
xs <- lapply(1:30, function(i) if (i %% 3 == 0) list(tag = i) else list(other = i))
for (k in 1:100) m <- count_nonnull(xs)
print(m)
l <- mk(40L)
for (k in 1:300) w <- walk(l)
print(w)
# An environment's $ reads a variable.
e <- new.env()
assign("left", NULL, envir = e)
print(depth(e))
# `$` on an atomic vector inside the inlined is.null: R's error.
depth(c(a = 1))
