# `for` loops that run zero times only after the code was compiled (and
# then often): R binds the loop variable to NULL. Compiled code assumes a
# loop nonempty until the profile saw it empty; then it takes the empty
# path itself. Counts from seq_len, seq_along and loops over sequences;
# the variable after the loop; a closure that sees the variable; a
# negative count (seq_len's error) after all that.
f <- function(xs) {
  tot <- 0
  for (x in xs) {
    for (j in seq_len(x %% 4L)) tot <- tot + j
    for (y in seq_along(integer(x %% 3L))) tot <- tot + 0.5 * y
  }
  c(tot, if (is.null(j)) -1 else j, if (is.null(y)) -1 else y)
}
for (k in 1:4) print(f(1:3000 * 4L + 1L))
for (k in 1:4) print(f(1:3000))
print(f(c(5L, 4L)))
print(f(c(5L, 6L)))

g <- function(l) {
  s <- 0
  for (v in l) s <- s + length(v)
  for (z in l[0]) s <- s + 1
  list(s, z)
}
for (k in 1:300) r <- g(list(1, 2:3))
print(r)

h <- function(n) {
  fs <- list()
  for (i in seq_len(n)) fs[[length(fs) + 1L]] <- function() i
  got <- if (length(fs)) fs[[1]]() else "none"
  list(got, i)
}
for (k in 0:300) r <- h(k %% 3L)
print(r)
print(h(0L))
print(h(2L))

w <- function(n) {
  s <- 0L
  for (i in seq_len(n)) s <- s + i
  s
}
for (k in 0:2000) s <- w(k %% 5L)
print(s)
r <- tryCatch(w(-1L), error = function(e) conditionMessage(e))
print(r)
print(w(0L))
