# `c()` of literal scalars is a constant of the code (`const.any`, the
# vector the bytecode compiler folded) under the guard that `c` is still the
# builtin; an int, double or logical one is unboxed once, so an index into it
# is an element load (`c(-1L, 1L, 0L, 0L)[d]`). Strings stay boxed.
# functions: step, known
step <- function(i, d) i + c(-1L, 1L, 0L, 0L)[d]
known <- function(x) x %in% c("a", "b")
for (k in 1:20) {
  s <- step(5L, (k %% 4L) + 1L)
  h <- known("b")
}
