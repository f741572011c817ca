# Loop variables of boxed types that receive each other every iteration:
# the loop header's parameters form a cycle of copies (a swap, a rotation),
# which compiled code must perform as a parallel copy.
swap2 <- function(n) {
  a <- list(1); b <- "x"
  for (i in 1:n) { t <- a; a <- b; b <- t }
  list(a, b)
}
rotate3 <- function(n, a, b, c) {
  for (i in seq_len(n)) { t <- a; a <- b; b <- c; c <- t }
  list(a, b, c)
}
# A vector filled in place next to the rotation, aliased mid-loop.
fill <- function(n, a, b) {
  out <- numeric(n)
  keep <- NULL
  for (i in seq_len(n)) {
    t <- a; a <- b; b <- t
    out[i] <- length(a) + i * 0.5
    if (i == 2L) keep <- out
  }
  list(a, b, out, keep)
}
for (k in 1:300) {
  r1 <- swap2(3L)
  r2 <- rotate3(k %% 5L, "p", list(2, 3), 4:6)
  r3 <- fill(k %% 6L, c(1.5, NA), list())
}
print(r1)
print(r2)
print(r3)
print(swap2(4L))
print(rotate3(7L, NULL, "q", c(TRUE, NA)))
print(fill(5L, "z", 1:3))
