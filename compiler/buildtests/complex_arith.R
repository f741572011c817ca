# Complex numbers: a product over a complex vector (`p * x[i]`) with a
# complex accumulator, and `Re`/`Im`/`Mod` of the result.
# functions: cprod
cprod <- function(x) {
  p <- 1 + 0i
  for (i in seq_along(x)) p <- p * x[i]
  Re(p) + Im(p) + Mod(p)
}
for (k in 1:20) cprod(c(1 + 2i, 0.5 - 1i, 2 + 0i))
