# `if` with `&&` and `||` on comparisons of integers the feedback saw as
# non-NA logicals: native control flow, no generic logical operation.
# functions: in_band
in_band <- function(x, lo, hi) {
  n <- 0L
  for (v in x) if ((v >= lo && v <= hi) || v == 0L) n <- n + 1L
  n
}
for (k in 1:20) in_band(c(0L, 3L, 7L, 12L, 5L), 2L, 8L)
