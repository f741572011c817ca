# Recursion through compiled code: fib calls fib natively, a callee whose
# argument type changes mid-run exits and the caller goes on with its
# result, and a deep recursion reports R's error instead of crashing.
fib <- function(n) if (n < 2L) n else fib(n - 1L) + fib(n - 2L)
for (i in 1:5) x <- fib(18L)
print(x)
print(fib(20))
print(fib(12.5))
tri <- function(n) if (n == 0L) 0L else n + tri(n - 1L)
for (i in 1:200) t <- tri(50L)
print(t)
print(tri(50))
half <- function(x) if (x > 1000L) x / 2 else x
twice <- function(x) half(x) + half(x)
for (i in 1:300) z <- twice(i)
print(z)
print(twice(5000L))
print(twice(2.5))
down <- function(n) if (n == 0L) 0L else 1L + down(n - 1L)
for (i in 1:200) d <- down(100L)
print(d)
