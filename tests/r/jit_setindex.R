# Indexed assignment in compiled code: vectors updated in place in loops, and
# copy-on-write whenever the old value is still visible somewhere.
fill <- function(n) {
  x <- numeric(n)
  for (i in 1:n) x[i] <- i * 2
  x
}
for (k in 1:3) print(fill(5))
print(sum(fill(1000)))

fill_int <- function(n) {
  x <- integer(n)
  for (i in 1:n) x[i] <- i %/% 2L
  x
}
for (k in 1:3) print(fill_int(7))

# Aliasing: y keeps the old x.
alias <- function(x) {
  y <- x
  x[1] <- 0
  for (i in 2:3) x[i] <- -i
  list(x = x, y = y)
}
v <- c(5, 6, 7, 8)
for (k in 1:3) print(alias(v))
print(v)

# An alias made inside the loop, before and after the update.
alias_loop <- function(n) {
  x <- rep(1, n)
  snaps <- list()
  for (i in 1:n) {
    before <- x
    x[i] <- 10 * i
    snaps[[i]] <- before
  }
  list(x = x, first = snaps[[1]], last = snaps[[n]])
}
for (k in 1:3) print(alias_loop(3))

# Growing past the end (gap filled with NA) and type changes.
grow <- function(n) {
  x <- c(1, 2)
  for (i in 1:n) x[2 * i + 1] <- i
  x
}
for (k in 1:3) print(grow(4))
to_chr <- function(x) {
  x[2] <- "b"
  x
}
for (k in 1:3) print(to_chr(1:3))
to_dbl <- function(x) {
  for (i in seq_along(x)) x[i] <- x[i] / 2
  x
}
for (k in 1:3) print(to_dbl(c(2L, 4L, 5L)))

# Lists, [[ ]] and NULL deletion.
lst <- function(n) {
  l <- list()
  for (i in 1:n) l[[i]] <- i * i
  l[[2]] <- "two"
  l
}
for (k in 1:2) print(lst(4))
del <- function() {
  l <- list(a = 1, b = 2, c = 3)
  l[["b"]] <- NULL
  l
}
for (k in 1:2) print(del())
dbl2 <- function(n) {
  x <- numeric(n)
  for (i in 1:n) x[[i]] <- i + 0.5
  x
}
for (k in 1:3) print(dbl2(4))

# Matrices: x[i, j] <- v, whole rows and columns.
mat <- function(n) {
  m <- matrix(0, n, n)
  for (i in 1:n) for (j in 1:n) m[i, j] <- i * 10 + j
  m[2, ] <- -1
  m[, 3] <- 99
  m
}
for (k in 1:3) print(mat(3))
m0 <- matrix(1:6, 2)
mm <- function(m) {
  m2 <- m
  m[1, 1] <- 100L
  list(m, m2)
}
for (k in 1:2) print(mm(m0))
print(m0)

# Names, logical and negative indices, NA indices.
named <- function() {
  x <- c(a = 1, b = 2)
  x["c"] <- 3
  x[c(TRUE, FALSE, TRUE)] <- 0
  x[-1] <- x[-1] + 1
  x
}
for (k in 1:2) print(named())
na_idx <- function(x) {
  x[NA] <- 5
  x[c(1, NA)] <- 7
  x
}
for (k in 1:2) print(na_idx(c(1, 2, 3)))
na_val <- function(n) {
  x <- integer(n)
  for (i in 1:n) x[i] <- if (i == 2L) NA_integer_ else i
  x
}
for (k in 1:3) print(na_val(3))

# Nested replacement through a list element.
nested <- function(n) {
  l <- list(v = numeric(n), w = "keep")
  for (i in 1:n) l$v[i] <- i
  l[["v"]][[1]] <- -1
  l
}
for (k in 1:2) print(nested(3))

# Sieve of Eratosthenes: reads and writes the same vector in the loop.
sieve <- function(n) {
  is_p <- rep(TRUE, n)
  is_p[1] <- FALSE
  for (i in 2:n) {
    if (is_p[i]) {
      j <- i * i
      while (j <= n) {
        is_p[j] <- FALSE
        j <- j + i
      }
    }
  }
  which(is_p)
}
for (k in 1:3) print(sieve(50))

# A vector value passed on and kept by the caller.
bump <- function(x, i) {
  x[i] <- x[i] + 1
  x
}
caller <- function() {
  a <- c(1, 1, 1)
  b <- bump(a, 2)
  c(a, b)
}
for (k in 1:3) print(caller())

# Errors as R gives them.
oob <- function(l, i) {
  l[[i]] <- 1
  l
}
print(oob(list(1, 2), 3))
r <- tryCatch(oob(c(1, 2), 0), error = function(e) conditionMessage(e))
print(r)
for (k in 1:3) print(tryCatch(oob(c(1, 2, 3), -1), error = function(e) conditionMessage(e)))
for (k in 1:3) print(tryCatch(oob(list(1), 0), error = function(e) conditionMessage(e)))
