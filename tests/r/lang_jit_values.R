# Language objects flowing through code the JIT compiles: functions that
# only take calls and symbols apart (no quote(), call() or eval() of their
# own), called often, with loops over the pieces.
count_nodes <- function(e) {
  if (!is.call(e)) return(1L)
  n <- 1L
  for (k in 2:length(e)) n <- n + count_nodes(e[[k]])
  n
}
depth <- function(e) {
  if (!is.call(e) || length(e) < 2) return(0)
  best <- 0
  for (k in 2:length(e)) {
    d <- depth(e[[k]])
    if (d > best) best <- d
  }
  best + 1
}
op_name <- function(e) if (is.call(e)) as.character(e[[1]]) else "leaf"
leaves <- function(e) {
  if (is.name(e)) return(as.character(e))
  if (!is.call(e)) return(character(0))
  out <- character(0)
  for (k in 2:length(e)) out <- c(out, leaves(e[[k]]))
  out
}
same_shape <- function(a, b) {
  if (is.call(a) != is.call(b)) return(FALSE)
  if (!is.call(a)) return(TRUE)
  if (length(a) != length(b) || op_name(a) != op_name(b)) return(FALSE)
  for (k in 2:length(a)) if (!same_shape(a[[k]], b[[k]])) return(FALSE)
  TRUE
}

es <- list(
  quote(a + b * c),
  quote(f(x, g(y, h(z)), 3)),
  quote((p - q) / (r + s^2)),
  quote(sqrt(abs(u - v)) + log(w)),
  quote(k),
  quote(-m),
  quote(if (t > 0) t else -t)
)
tot <- 0
ops <- character(0)
for (rep in 1:300) {
  for (e in es) {
    tot <- tot + count_nodes(e) + depth(e)
    if (rep == 1) ops <- c(ops, op_name(e))
  }
}
print(tot)
print(ops)
print(lapply(es, leaves))
print(same_shape(quote(a + b * c), quote(x + y * z)))
print(same_shape(quote(a + b * c), quote(x * y + z)))

# A value that is sometimes a number, sometimes a symbol, sometimes a call.
mixed <- list(1, quote(x), quote(x + 1), 2.5, quote(y), 3L)
kind <- function(v) {
  if (is.numeric(v)) "number" else if (is.name(v)) "symbol" else "call"
}
counts <- c(number = 0, symbol = 0, call = 0)
for (i in 1:1200) {
  k <- kind(mixed[[i %% length(mixed) + 1]])
  counts[[k]] <- counts[[k]] + 1
}
print(counts)
syms <- vapply(mixed, function(v) if (is.name(v)) as.character(v) else "-", "")
print(syms)
print(identical(mixed[[2]], quote(x)))
