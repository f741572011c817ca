# Builtins on doubles compiled inline: `floor`, `abs`, `sqrt`, and `length`
# of a vector argument.
# functions: stats
stats <- function(x) {
  s <- 0
  for (i in seq_along(x)) s <- s + floor(abs(x[i])) + sqrt(abs(x[i]))
  s / length(x)
}
for (k in 1:20) stats(c(-2.5, 4, 9.75))
