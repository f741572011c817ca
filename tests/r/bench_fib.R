# Recursive Fibonacci.
fib <- function(n) if (n < 2) n else fib(n - 1) + fib(n - 2)
print(fib(20))
print(sapply(0:15, fib))
