# Vectorized `&` and `|` in compiled code: on scalar comparisons (native),
# on logical scalars with NA, on vectors, and on numbers (R coerces them).
grid_count <- function(n, lo, hi) {
  cnt <- 0L
  for (i in 1:n) {
    for (j in 1:n) {
      if ((i > lo & j > lo) | (i == hi & j == hi)) cnt <- cnt + 1L
    }
  }
  cnt
}
for (k in 1:50) r <- grid_count(30L, 10L, 3L)
print(r)
print(grid_count(200L, 150L, 7L))

mix <- function(a, b) {
  out <- logical(0)
  for (k in 1:4) out[k] <- (a & b) | (k == 2)
  out
}
for (k in 1:200) r <- mix(TRUE, FALSE)
print(r)
print(mix(NA, TRUE))
print(mix(NA, FALSE))
print(mix(1, 0))
print(mix(c(TRUE, FALSE), TRUE)[1:2])

life_rule <- function(alive, nb) (alive & (nb == 2 | nb == 3)) | (!alive & nb == 3)
acc <- 0
for (i in 1:3000) acc <- acc + life_rule(i %% 3 == 0, i %% 5)
print(acc)
v <- life_rule(c(TRUE, FALSE, TRUE, FALSE), c(2, 3, 4, NA))
print(v)
print(tryCatch(mix("a", TRUE), error = function(e) conditionMessage(e)))
