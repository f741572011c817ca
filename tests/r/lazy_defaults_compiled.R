# Lazy defaults in compiled code: a missing argument's default is evaluated at
# its first read, in the frame (after the function changed what it reads),
# first read inside a loop or on one branch, side effects once, defaults
# reading other defaults, missing arguments without a default.
f1 <- function(x, n = length(x)) { x <- c(x, 1); n }
for (k in 1:300) r1 <- f1(1:k)
print(r1)
f2 <- function(a, b = {cat("eval b\n"); a * 2}) { if (a > 299) b else 0 }
for (k in 1:300) r2 <- f2(k)
print(r2)
f3 <- function(a, b) { if (missing(b)) a else a + b }
t3 <- 0
for (k in 1:300) t3 <- t3 + f3(k) + f3(k, 1)
print(t3)
f4 <- function(x, n = length(x), m = n * 2) m + n
for (k in 1:300) r4 <- f4(1:k)
print(r4)
f5 <- function(v, lim = max(v) / 2) { s <- 0; for (e in v) if (e > lim) s <- s + e; s }
t5 <- 0
for (k in 1:300) t5 <- t5 + f5(c(1, k, 3))
print(t5)
f6 <- function(v, w = rep(1, length(v))) sum(v * w)
t6 <- 0
for (k in 1:300) t6 <- t6 + f6(c(k, 2)) + f6(c(1, 2), c(k, 0))
print(t6)
f7 <- function(n, acc = 0) if (n == 0) acc else f7(n - 1, acc + n)
print(f7(200))
f8 <- function(x, scale = sd(x)) (x - mean(x)) / scale
for (k in 1:300) r8 <- f8(c(1, 2, k))
print(round(r8, 4))
f9 <- function(a, b) a + b
r9 <- tryCatch(f9(1), error = function(e) conditionMessage(e))
print(r9)
for (k in 1:300) r9b <- tryCatch(f9(k), error = function(e) conditionMessage(e))
print(r9b)
f10 <- function(x, k = x * 2) { for (i in 1:3) x <- x + k; x }
for (j in 1:300) r10 <- f10(j)
print(r10)
f11 <- function(n, v = numeric(n)) { for (i in seq_len(n)) v[i] <- i^2; sum(v) }
for (j in 1:300) r11 <- f11(j %% 7)
print(r11)
s12 <- sapply(1:5, function(i, p = i + 100) p)
print(s12)
f13 <- function(x, n = stop("need n")) if (x > 0) x else n
for (j in 1:300) r13 <- f13(j)
print(r13)
print(tryCatch(f13(-1), error = function(e) conditionMessage(e)))
f14 <- function(x, y = x) { x <- 10; y }
for (j in 1:300) r14 <- f14(j)
print(r14)
