# Calls: `hyp` calls the small closure `sq` (always the same one: inlined
# behind a `callee_is` guard), and `fib` calls itself (a recursive call stays
# a call).
# functions: hyp, fib
sq <- function(x) x * x
hyp <- function(a, b) sqrt(sq(a) + sq(b))
fib <- function(n) if (n < 2L) n else fib(n - 1L) + fib(n - 2L)
for (k in 1:20) {
  hyp(3, 4)
  fib(8L)
}
