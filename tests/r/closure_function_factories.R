# Functions returning functions; lists of closures capture their own values.
power <- function(e) function(b) b^e
square <- power(2); cube <- power(3)
print(square(4)); print(cube(2))
adders <- lapply(1:3, function(i) function(x) x + i)
print(adders[[1]](10)); print(adders[[3]](10))
compose <- function(f, g) function(x) f(g(x))
inc <- function(x) x + 1
dbl <- function(x) x * 2
print(compose(inc, dbl)(5))
print(compose(dbl, inc)(5))
make_memo_fib <- function() {
  memo <- c(1, 1)
  fib <- function(n) {
    if (n <= length(memo) && !is.na(memo[n])) return(memo[n])
    r <- fib(n - 1) + fib(n - 2)
    memo[n] <<- r
    r
  }
  fib
}
fib <- make_memo_fib()
print(fib(50))
apply_twice <- function(f) function(x) f(f(x))
print(apply_twice(dbl)(3))
print(is.function(square))
