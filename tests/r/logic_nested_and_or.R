# `a && (b || c)` and `a || (b && c)` in hot loops: the inner operator
# joins before the outer one ends. NA in either operand gives R's
# three-valued results, and an NA condition of `if` is R's error.
rule <- function(x, nb) {
  n <- 0L; m <- 0L
  for (k in seq_along(x)) {
    if (!is.na(x[k]) && !is.na(nb[k]) && (nb[k] == 2 || nb[k] == 3)) n <- n + 1L
    r <- x[k] == 1 && (nb[k] == 2 || nb[k] == 3)
    if (is.na(r)) m <- m + 1L else if (r) n <- n + 10L
    s <- x[k] == 0 || (nb[k] > 1 && nb[k] < 4)
    if (is.na(s)) m <- m + 100L else if (s) n <- n + 100L
  }
  c(n, m)
}
x <- rep(c(1, 0, 1, 1), 500)
nb <- rep(c(2, 3, 5, 3), 500)
print(rule(x, nb))
nb[1500] <- NA
print(rule(x, nb))
x[1700] <- NA
print(rule(x, nb))
x[3] <- NaN
print(rule(x, nb))
strict <- function(x, nb) {
  n <- 0L
  for (k in seq_along(x)) if (x[k] == 1 && (nb[k] == 2 || nb[k] == 3)) n <- n + 1L
  n
}
print(strict(rep(1, 3000), rep(c(2, 5), 1500)))
r <- tryCatch(strict(c(rep(1, 2000), 1), c(rep(3, 2000), NA)),
              error = function(e) conditionMessage(e))
print(r)
