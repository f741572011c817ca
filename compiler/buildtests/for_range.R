# `for (i in 1:n)` with an integer `n`: an integer induction variable and an
# integer accumulator (overflow-checked), no range vector.
# functions: sum_to
sum_to <- function(n) {
  s <- 0L
  for (i in 1:n) s <- s + i
  s
}
for (k in 1:20) sum_to(10L)
