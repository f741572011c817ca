# `length` of a typed scalar is the constant 1 (the comparison folds away),
# of an untyped value a runtime length without the builtin's call; an
# element read whose profile saw a vector result (`m[0]` is numeric(0))
# stays a generic read instead of a bounds assume that would fail again.
# functions: scalar_len, any_len, read_seen_empty
scalar_len <- function(xs) {
  n <- 0L
  for (x in xs) if (length(x) == 1L) n <- n + 1L
  n
}
any_len <- function(vals) {
  n <- 0L
  for (v in vals) n <- n + length(v)
  n
}
read_seen_empty <- function(m, ks) {
  s <- 0
  for (k in ks) {
    v <- m[k]
    if (length(v) == 0L) next
    s <- s + v
  }
  s
}
for (r in 1:20) scalar_len(c(1.5, 2.5))
for (r in 1:20) any_len(list(1, "a", NULL, 1:3))
for (r in 1:20) read_seen_empty(c(1.5, 2.5), c(1L, 0L, 2L))
