ar1 <- function(n) {
  res <- NULL
  for (i in 1:n) {
    a <- (i + 0.5) %% NaN
    b <- (i - 0.5) %/% NaN
    c <- (Inf) ^ Inf
    c2 <- (i * Inf) ^ (Inf)
    d <- i %% 0L
    e <- i %/% 0L
    f <- (-i) %% -3L
    g <- i ^ NA_integer_
    res <- c(a, b, c, c2, d, e, f, g)
  }
  res
}
for (k in 1:29) r <- ar1(22L)
print(r)
print(ar1(1L))
lv2 <- function(v, t) {
  k <- 0L
  for (i in seq_along(v)) {
    k <- k + 1L
    if (v[i] >= t) break else next
  }
  c(i, k)
}
x2 <- as.double(1:1438)
for (rep in 1:120) r <- tryCatch(lv2(x2, 3), error = function(e) paste("E:", conditionMessage(e)))
print(r)
print(tryCatch(lv2(x2, -1), error = function(e) paste("E:", conditionMessage(e))))
print(tryCatch(lv2(x2, 0.5), error = function(e) paste("E:", conditionMessage(e))))
print(tryCatch(lv2(x2, Inf), error = function(e) paste("E:", conditionMessage(e))))
print(tryCatch(lv2(x2, NA), error = function(e) paste("E:", conditionMessage(e))))
for (rep in 1:10) r <- tryCatch(lv2(x2, -1), error = function(e) paste("E:", conditionMessage(e)))
print(r)
fold3 <- function(v) {
  s <- .Machine$integer.max
  for (i in seq_along(v)) {
    x <- v[[i]]
    s <- s + x^2
    if (is.na(s)) next
  }
  s
}
for (rep in 1:250) r <- tryCatch(fold3(c(1L, NA, 3L, 22L)), error = function(e) paste("E:", conditionMessage(e)))
print(r)
for (rep in 1:60) r <- fold3((1:24) * 1e300)
print(r)
for (rep in 1:10) r <- fold3(complex(real = 1:27, imaginary = -1))
cat(r, "\n")
for (rep in 1:120) r <- tryCatch(fold3(as.character(1:1)), error = function(e) paste("E:", conditionMessage(e)))
cat(r, "\n")
rec4 <- function(n, acc) if (n <= 0) acc else rec4(n - 1L, acc + n)
for (k in 1:60) r <- tryCatch(rec4(19, TRUE), error = function(e) paste("E:", conditionMessage(e)))
print(r)
for (k in 1:60) r <- rec4(19L, .Machine$integer.max)
print(r)
for (k in 1:30) r <- tryCatch(rec4(19, 1e308), error = function(e) paste("E:", conditionMessage(e)))
print(r)
fib4 <- function(n) if (n < 2) n else fib4(n - 1) + fib4(n - 2)
print(fib4(11L))
print(fib4(9L))
mk5 <- function(init) {
  acc <- init
  calls <- 0L
  function(x) {
    acc <<- acc + x
    calls <<- calls + 1L
    cnt5 <<- cnt5 + 1L
    c(acc, calls)
  }
}
cnt5 <- 0L
c1 <- mk5(FALSE)
c2 <- mk5(1L)
for (i in 1:120) { r <- c1(if (i > 78L) (-1-1i) else i); if (i %% 3L == 0L) r2 <- c2(i) }
print(r); print(c2(0L))
print(cnt5)
fold6 <- function(v) {
  s <- NA
  for (i in seq_along(v)) {
    x <- v[[i]]
    s <- s + x
  }
  s
}
for (rep in 1:3) r <- fold6(9:1)
cat(r, "\n")
for (rep in 1:120) r <- fold6(c(Inf, -Inf, NaN, 0))
print(r)
