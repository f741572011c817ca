# Integer arithmetic on arguments the feedback saw as integers: `+`, `-` and
# `*` check overflow (`addovf.i` etc. with an `assume` that exits to the
# interpreter, which gives NA and the warning).
# functions: mad
mad <- function(a, b, c) a * b + c - 1L
for (i in 1:20) mad(i, 3L, 7L)
