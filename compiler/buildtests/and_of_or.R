# `a && (b || c)`: the right operand's own `||` joins before the `&&`
# ends, and the left operand (TRUE there) reaches the end through that
# join; the end is the right operand as a logical, no runtime call.
# functions: rule
rule <- function(x, nb) {
  n <- 0L
  for (k in 1:10) {
    if (x == 1 && (nb == 2 || nb == 3)) n <- n + 1L
  }
  n
}
for (k in 1:20) { rule(1, 2); rule(1, 3); rule(0, 3); rule(1, 5) }
