# Named and partial argument matching.
f <- function(alpha, beta, gamma = 3) paste(alpha, beta, gamma)
print(f(1, 2))
print(f(beta = 1, alpha = 2))
print(f(gamma = "g", 1, 2))
print(f(al = "A", be = "B"))
print(f(g = 0, b = 1, a = 2))
g <- function(value, verbose = FALSE) if (verbose) value * 10 else value
print(g(5, verb = TRUE))
print(seq(1, 10, len = 4))
print(rep(1:2, times = 2, each = 2))
print(rep(c("a", "b"), length.out = 5))
print(round(digits = 2, x = pi))
print(matrix(nc = 2, data = 1:4))
