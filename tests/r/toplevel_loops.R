# Hot loops at the top level (not inside a function), over global variables:
# for over 1:n, seq_len, a double vector, a character vector and a list;
# while; repeat with break; a function redefined in the middle of a loop; a
# global rebound to another type (integer -> double -> character) mid-loop.
n <- 20000L

# for over 1:n, integer accumulation
s <- 0L
for (i in 1:n) s <- s + i %% 7L
print(s)
print(i)

# for over seq_len with a double accumulator and a vector write
acc <- 0
v <- numeric(10)
for (i in seq_len(n)) {
  acc <- acc + 1 / i
  v[i %% 10 + 1] <- v[i %% 10 + 1] + i
}
print(sprintf("%.10f", acc))
print(v)

# for over a double vector
xs <- seq(0, 2, length.out = n)
sq <- 0
for (x in xs) sq <- sq + x * x
print(sprintf("%.8f", sq))
print(x)

# while over a counter
i <- 1L
w <- 0
while (i <= n) {
  if (i %% 3L == 0L) w <- w + sqrt(i) else w <- w - 1
  i <- i + 1L
}
print(sprintf("%.6f", w))
print(i)

# repeat with break (and next)
k <- 0L
hits <- 0L
repeat {
  k <- k + 1L
  if (k %% 5L == 0L) next
  hits <- hits + 1L
  if (k >= n) break
}
print(c(k, hits))

# a function redefined in the middle of the loop
f <- function(x) x + 1L
total <- 0L
for (i in 1:n) {
  total <- total + f(i)
  if (i == n %/% 2L) f <- function(x) x * 2L
}
print(total)

# a function redefined through a helper's <<- in the middle of the loop
g <- function(x) x %% 10L
swap_g <- function() g <<- function(x) x %% 3L
gsum <- 0L
for (i in seq_len(n)) {
  gsum <- gsum + g(i)
  if (i == 12345L) swap_g()
}
print(gsum)

# a global rebound from integer to double to character mid-loop
val <- 0L
for (i in 1:n) {
  if (i == 5000L) val <- as.double(val) + 0.5
  if (i == 15000L) val <- paste0("v", val)
  if (is.character(val)) {
    if (i %% 1000L == 0L) val <- paste0(val, ".")
  } else {
    val <- val + 1L
  }
}
print(typeof(val))
print(val)

# for over a character vector and over a list at the top level
counts <- integer(3)
names(counts) <- c("a", "b", "c")
keys <- rep(c("a", "b", "c", "b"), n / 4L)
for (key in keys) counts[key] <- counts[key] + 1L
print(counts)
items <- list(1L, 2.5, "x", TRUE, NULL, c(1, 2))
kinds <- character(0)
for (rep_i in 1:2000) {
  for (e in items) kinds <- if (rep_i == 1L) c(kinds, typeof(e)) else kinds
}
print(kinds)
