with_precision <- function(x, d) {
  op <- options(digits = d)
  on.exit(options(op))
  s <- 0
  for (i in seq_along(x)) s <- s + x[i] * i
  s
}
tot <- 0
for (k in 1:3000) tot <- tot + with_precision(c(1.5, 2.5, k), 4)
print(tot)
