# A for loop over values whose type differs between calls (integer, double,
# logical and complex columns, fetched inside the function): compiled code
# hands over to loop code typed by each call's values when the loop is long
# (the builder's guarded transfer), and runs short loops as built.
make_cols <- function(n) {
  list(1:n, (1:n) * 0.5, (1:n) %% 3L == 0L, complex(real = 1:n, imaginary = -1),
       c(1:(n - 1), NA), c(0.25, rep(NA, n - 1)))
}

colsum <- function(tbl, j) {
  col <- tbl[[j]]
  s <- 0
  for (i in seq_along(col)) s <- s + col[i]
  s
}

# The loop variable after a completed loop and after a break, and a local
# changing type inside the typed loop.
first_over <- function(tbl, j, limit) {
  col <- tbl[[j]]
  for (i in seq_along(col)) if (!is.na(col[i]) && Re(col[i]) > limit) break
  c(i, Re(col[i]))
}

drift <- function(tbl, j) {
  col <- tbl[[j]]
  acc <- col[1]
  for (k in seq_along(col)) {
    acc <- acc + col[k]
    if (k == 150) acc <- as.character(acc)
    if (is.character(acc)) acc <- nchar(acc)
  }
  acc
}

long <- make_cols(300)
short <- make_cols(20)
total <- 0
num <- long[1:4]; nshort <- short[1:4]
for (rep in 1:40) {
  for (j in seq_along(long)) {
    total <- total + Re(colsum(num, 1 + j %% 4)) * (j %% 2) + Re(colsum(nshort, 1 + j %% 4))
  }
}
print(total)
for (j in seq_along(long)) print(colsum(long, j))
for (j in seq_along(short)) print(colsum(short, j))
for (rep in 1:30) r <- first_over(long, 1 + rep %% 4, 100 + rep)
print(r)
print(first_over(long, 2, 1e9))
print(first_over(long, 3, 0.5))
for (rep in 1:30) d <- drift(long, 1 + rep %% 2)
print(d)
print(drift(long, 4))

# Nested: the inner loop's column type changes with the outer index.
nested <- function(tbl) {
  out <- numeric(length(tbl))
  for (j in seq_along(tbl)) {
    col <- tbl[[j]]
    s <- 0
    for (i in seq_along(col)) s <- s + Re(col[i]) * i
    out[j] <- s
  }
  out
}
for (rep in 1:20) nn <- nested(long)
print(nn)

# At top level.
cols <- make_cols(500)
grand <- 0
for (j in rep(1:4, 3)) {
  col <- cols[[j]]
  t <- 0
  for (i in seq_along(col)) t <- t + Re(col[i])
  grand <- grand + t
}
print(grand)
print(t)
print(i)
