# When both operands of + or * are NaN, R on x86-64 keeps the first one's
# payload: NA_real_ + NaN is NA, NaN + NA_real_ is NaN. Compiled code,
# continuations entered with their values in memory, and loop code entered
# by OSR must keep the operand order too.
fold_na_first <- function(v) {
  s <- NA_real_
  for (i in seq_along(v)) {
    x <- v[[i]]
    s <- s + (x - NaN)
  }
  s
}
fold_nan_first <- function(v) {
  s <- NaN
  for (i in seq_along(v)) {
    x <- v[[i]]
    s <- s * (x + NA_real_)
  }
  s
}
pairwise <- function(a, b) {
  out <- numeric(length(a))
  for (i in seq_along(a)) {
    p <- a[i]
    q <- b[i]
    out[i] <- p + q + p * q
  }
  out
}
for (k in 1:40) {
  r1 <- fold_na_first(5:1)
  r2 <- fold_nan_first(c(1.5, 2.5))
  r3 <- pairwise(c(NA, NaN, 1, NA), c(NaN, NA, NA, 2))
}
print(r1)
print(r2)
print(r3)
# the argument types change: continuations and new versions
print(fold_na_first(c(2.5, 1.5)))
print(fold_nan_first(3:1))
print(pairwise(c(NaN, NA), c(NA, NaN)))
print(is.na(fold_na_first(1:3)))
print(is.nan(fold_nan_first(1:3)))
