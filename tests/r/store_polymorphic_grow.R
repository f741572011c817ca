# Element stores compiled as typed stores tested (not assumed) on the
# vector: a logical vector(length = n) that the first store makes integer,
# a matrix of NAs filled with doubles through [[i, j]], vectors grown one
# element past their end, copies that must not see the store, and stores
# whose type changes mid-loop.
fill <- function(n) {
  x <- vector(length = n)
  for (i in 1:n) x[[i]] <- i
  x
}

fill_matrix <- function(n) {
  m <- matrix(nrow = n, ncol = n)
  for (i in 1:n) for (j in 1:n) m[[i, j]] <- i * 10 + j / 4
  m
}

grow <- function(n) {
  x <- c()
  for (i in 1:n) x[length(x) + 1] <- i * 2L
  y <- numeric(0)
  for (i in 1:n) y[[i]] <- i / 2
  z <- integer(0)
  for (i in seq_len(n)) if (i %% 3 == 0) z[i] <- i
  list(sum(x), length(y), y[n], length(z), sum(is.na(z)))
}

copies <- function(n) {
  x <- integer(n)
  keep <- x
  out <- 0
  for (i in 1:n) {
    x[i] <- i
    if (i == n %/% 2) snap <- x
  }
  c(sum(keep), sum(snap), sum(x))
}

drift <- function(n) {
  x <- integer(n)
  for (i in 1:n) {
    x[i] <- if (i < n / 2) i else i + 0.5
    if (i == n - 3) x[i] <- NA
  }
  x[(n - 5):n]
}

named <- function(n) {
  x <- setNames(numeric(n), paste0("e", 1:n))
  for (i in 1:n) x[i] <- i^2
  x[c(1, n)]
}

total <- 0
for (r in 1:60) {
  total <- total + sum(fill(50 + r))
  total <- total + sum(fill_matrix(3 + r %% 4))
  g <- grow(20 + r)
  total <- total + g[[1]]
}
print(total)
print(fill(7))
print(fill_matrix(3))
print(grow(10))
for (r in 1:30) cc <- copies(40)
print(cc)
for (r in 1:30) d <- drift(30)
print(d)
for (r in 1:30) nm <- named(12)
print(nm)
