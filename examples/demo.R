# A small program in the style of the benchmark suites: a phase-change sum over
# a vector whose element type changes int -> double -> complex -> double.
vsum <- function(x) {
  s <- 0
  for (i in seq_along(x)) s <- s + x[i]
  s
}
phases <- list(1:100000, as.double(1:100000) / 2, complex(real = 1:1000, imaginary = 1), seq(0.5, 50000, by = 0.5))
for (p in phases) {
  r <- 0
  for (k in 1:5) r <- vsum(p)
  print(r)
}
