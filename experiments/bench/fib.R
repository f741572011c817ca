# Fibonacci: doubly recursive fib(n) (classic micro benchmark in every suite);
# stresses calls, argument passing and integer arithmetic.
fib <- function(n) {
  if (n < 2L) n else fib(n - 1L) + fib(n - 2L)
}

run <- function() fib(23L)

print(run())
