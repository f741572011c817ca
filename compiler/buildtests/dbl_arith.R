# Double arithmetic (no overflow check): `+`, `*`, `/` and a comparison on
# arguments the feedback saw as doubles; the result of the comparison
# chooses between two double expressions.
# functions: lerp_clamped
lerp_clamped <- function(a, b, t) {
  r <- a + (b - a) * t
  if (r > b) b else r / 1.5
}
for (i in 1:20) lerp_clamped(0.5, 10.25, i / 10)
