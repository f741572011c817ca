# Element reads whose index reaches 0 (or goes negative, or becomes a
# vector) only after the loop is compiled: R gives an empty or a longer
# vector where the compiled typed read assumed one element in bounds. The
# loop goes on with R's values in every mode, and learns: the read stays
# generic once a vector was seen (no deoptimization at every such
# iteration until the function is left to the interpreter).
f <- function(n, p) {
  m <- c(1.5, 2.5, 3.5)
  s <- 0
  empty <- 0L
  for (i in 1:n) {
    k <- if (i %% p == 0L) 0L else 1L + i %% 3L
    v <- m[k]
    if (length(v) == 0L) {
      empty <- empty + 1L
      next
    }
    s <- s + v
  }
  c(s, empty)
}
for (r in 1:3) print(f(20000L, 1000000000L))
for (r in 1:3) print(f(20000L, 7L))

# A matrix read with a zero row index (rays leaving a height map).
g <- function(h, xs) {
  hits <- 0L
  total <- 0
  for (x in xs) {
    r <- floor(x)
    v <- h[r, 2L]
    if (length(v) == 0L) next
    total <- total + v
    hits <- hits + 1L
  }
  list(hits = hits, total = total)
}
h <- matrix(as.double(1:20), 5, 4)
for (r in 1:3) print(g(h, seq(1.5, 5.5, length.out = 6000)))
print(g(h, seq(0.2, 5.5, length.out = 6000)))

# Negative and vector indices after compilation.
w <- function(x, ks) {
  t <- 0
  for (k in ks) t <- t + sum(x[k])
  t
}
x <- as.double(1:10)
for (r in 1:3) print(w(x, rep(2L, 6000)))
print(w(x, c(rep(2L, 6000), -1L, 0L, 3L, 11L)))
ks <- as.list(rep(2L, 6000))
ks[[3000]] <- 1:3
print(w(x, ks))

# length() of every kind of value, from compiled code.
lens <- function(vals) {
  n <- 0L
  for (v in vals) n <- n + length(v)
  n
}
e <- new.env()
assign("a", 1, envir = e)
assign("b", 2, envir = e)
vals <- list(1L, 2.5, TRUE, NA, 1i, NULL, "a", c("a", "b"), 1:3, list(1, 2),
             sum, function(x) x, quote(f(x, y)), numeric(0), e,
             c(a = 1, b = 2), matrix(1:6, 2))
for (r in 1:300) n <- lens(vals)
print(n)
ones <- function(xs) {
  n <- 0L
  for (v in xs) if (length(v) == 1L) n <- n + 1L
  n
}
print(ones(seq(0.5, 3000)))
