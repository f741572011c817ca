nest1 <- function(n, m) {
  tot <- 0L
  for (i in 1:n) {
    if (i %% 4L == 0L) next
    j <- 0L
    while ((j <- j + 1L) <= m) {
      if (i * j > 387) return(list(i = i, j = j, tot = tot))
      if (j == 2L) next
      tot <- tot + i / j
    }
  }
  c(tot, i, j)
}
for (rep in 1:250) r <- nest1(60L, 25L)
print(r)
for (rep in 1:250) r <- nest1(60L, 7)
print(r)
for (rep in 1:30) r <- nest1(60L, 10L)
print(r)
for (rep in 1:3) r <- nest1(40, 25L)
print(r)
ar2 <- function(n) {
  res <- NULL
  for (i in 1:n) {
    a <- (i + 0.5) %% 0.5
    b <- (i - 0.5) %/% 0.5
    c <- (Inf) ^ 0.5
    c2 <- (i * Inf) ^ (0.5)
    d <- i %% 3L
    e <- i %/% 3L
    f <- (-i) %% 2.5
    g <- i ^ 0.5
    res <- c(a, b, c, c2, d, e, f, g)
  }
  res
}
for (k in 1:14) r <- ar2(75L)
print(r)
print(ar2(1L))
fold3 <- function(v) {
  s <- .Machine$integer.max
  for (x in v) {
    s <- s + x^2
    if (!is.character(s) && !is.na(s) && Mod(s) > 1e300) break
  }
  s
}
for (rep in 1:120) r <- fold3(c(1L, NA, 3L, 27L))
cat(r, "\n")
for (rep in 1:3) r <- tryCatch(fold3(c(Inf, -Inf, NaN, 0)), error = function(e) paste("E:", conditionMessage(e)))
print(r)
G4 <- 1e308
useg4 <- function(x) ((G4 %% x) + (46341L %/% G4))
out <- NULL
for (i in 1:10) {
  r <- useg4(i)
  if (i == 4L) G4 <- Inf
  if (i %% 17L == 0L) out <- c(out, r)
}
print(r); print(out)
desc5 <- function(o, ...) UseMethod("desc5")
desc5.sa <- function(o, ...) o$v + 1L
desc5.sb <- function(o, ...) paste("b", o$v)
desc5.sc <- function(o, ...) c(NextMethod(), 100L)
desc5.default <- function(o, ...) -1
cls <- list(NULL, NULL, NULL)
out <- character(0)
for (i in 1:30) {
  o <- list(v = i)
  class(o) <- cls[[(i %% 3L) + 1L]]
  r <- desc5(o)
  if (i %% 30L == 0L) out <- c(out, paste(r, collapse = "/"))
}
print(out)
print(desc5(structure(list(v = 2.5), class = "sa")))
