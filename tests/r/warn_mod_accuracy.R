# R's `%%` on doubles warns when the quotient is finite and beyond 2^63
# (it computes in long double), once per element, naming the call as C's
# warning() does; a handler sees the condition.
g <- function(n) { s <- 0; for (i in 1:n) s <- s + (1e20 * i) %% 3; s }
print(g(2))
h <- function(x) x %% 3
print(h(1e20))
1e20 %% 3
for (i in 1:2) r <- (i * 1e20) %% 3
print(r)
print(c(1e20, 3e20) %% 3)
k <- function(x) { y <- x %% 3; y }
k(1e20)
print(c(2^63 %% 1, 1e19 %% 3, 5 %% 1e300, Inf %% 3, NaN %% 3, 7.5 %% 2))
tc <- function(i) tryCatch((3 ^ i) %% 1, warning = function(w) nchar(conditionMessage(w)))
s <- 0
for (i in 1:60) s <- s + tc(i)
print(s)
m <- function(v, d) { acc <- 0; for (e in v) acc <- acc + e %% d; acc }
for (j in 1:20) r <- m(c(1.5, 2.5, 10), 3)
print(r)
print(m(c(1.5, 2e19, 10), 0.5))
