# A loop whose variable is an integer at some entries of an inner loop and a
# double at others (n <- start, then halved): OSR-in code typed by one entry
# state exits at the others; after a few such exits the loop's code takes the
# variable boxed. Top level and in a function, in every mode the same.
collatz <- integer(0)
for (start in 1:3000) {
  n <- start
  steps <- 0L
  while (n != 1) {
    n <- if (n %% 2 == 0) n / 2 else 3 * n + 1
    steps <- steps + 1L
  }
  collatz[start] <- steps
}
print(c(which.max(collatz), max(collatz), sum(collatz)))
f <- function(m) {
  total <- 0
  for (k in 1:m) {
    x <- k
    while (x > 1) x <- if (x %% 3 == 0) x / 3 else x - 1
    total <- total + x + k %/% 7L
  }
  total
}
print(f(4000))
print(f(10L))
g <- function(v) {
  acc <- 0L
  for (e in v) {
    y <- e
    for (j in 1:3) y <- y * 2
    acc <- acc + y
  }
  acc
}
print(g(1:3000))
print(g(c(1.5, 2.5)))
print(g(1:3000 + 0.5))
