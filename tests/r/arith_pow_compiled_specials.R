# `^` with infinite or negative operands in compiled code (constant folding
# used C's pow: (-Inf)^0.5 gave Inf, R gives NaN).
ar <- function(n) {
  res <- NULL
  for (i in 1:n) {
    a <- (i + 0.5) %% Inf
    b <- (i - 0.5) %/% -Inf
    c <- (-Inf) ^ 0.5
    c2 <- (-0.5) ^ -Inf
    c3 <- (-2) ^ Inf
    c4 <- (i * -Inf) ^ 0.5
    res <- c(a, b, c, c2, c3, c4)
  }
  res
}
for (k in 1:20) r <- ar(3L)
print(r)
print(ar(1L))
for (i in 1:50) x <- c((-Inf)^0.5, (-2)^Inf, (-Inf)^3, (-Inf)^-1, 0^-1, (-1)^Inf)
print(x)
