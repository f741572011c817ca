# Locals first assigned in an outer loop's body, after an inner loop, and read
# after the loops: code entered by OSR at the inner loop's header (with the
# local still unbound) must carry them through later outer iterations.
f <- function() {
  for (k in 1:3) {
    for (s in 1:200) x <- s
    if (k == 2) best <- k * 10
  }
  best
}
g <- function(n) {
  i <- 0L
  while (i < n) {
    i <- i + 1L
    j <- 0L
    while (j < 300L) j <- j + 1L
    if (i %% 2L == 0L) last_even <- i
    if (i == 3L) third <- i * j
  }
  c(last_even, third)
}
h <- function() {
  for (a in 1:2) {
    for (b in 1:2) {
      for (c in 1:150) acc <- c
      if (b == 2) inner_seen <- a * 100 + b
    }
    if (a == 2) outer_seen <- a
  }
  c(inner_seen, outer_seen, acc)
}
late <- function(n) {
  for (k in 1:n) {
    for (s in 1:100) y <- s
    if (k == n) found <- k
  }
  if (n > 0) found else -1
}
print(f())
print(g(6L))
print(h())
for (r in 1:50) z <- late(r %% 4L)
print(z)
print(late(5L))
