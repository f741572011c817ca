# A local bound to a function in one iteration of a loop and called by name
# in that and later iterations, shadowing a builtin or a global function:
# compiled code carries it around the loop, so exits (chaos included)
# resume with the local, not with what the name meant before.
sb <- function(n, at, la) {
  s <- 0
  for (i in 1:n) {
    a <- if (i >= n - 1) la else i * 0.25 + 0.5
    if (i == at) log10 <- function(...) -1
    s <- s + sum(log10(a))
  }
  s
}
for (k in 1:60) r <- sb(30L, k %% 40L, 1)
print(r)
print(sb(30L, 18L, -3L))
helper <- function(x) x + 100
swap_helper <- function(n) {
  out <- numeric(0)
  for (i in 1:n) {
    if (i %% 7 == 0) helper <- function(x) x * 2
    if (i %% 11 == 0) helper <- function(x) -x
    out[i] <- helper(i)
  }
  out
}
for (k in 1:50) v <- swap_helper(30)
print(v)
nested <- function(n) {
  tot <- 0
  for (i in 1:n) {
    for (j in 1:3) {
      if (i == 2 && j == 2) sqrt <- function(x) 0
      tot <- tot + sqrt(i * j)
    }
  }
  tot
}
for (k in 1:40) w <- nested(6)
print(w)
