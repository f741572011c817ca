# Promises of functions that take their arguments unevaluated (their body
# calls substitute, match.call or sys.call): evaluated once, when first
# used, in the caller's environment; kept by closures made in the call;
# defaults that use them; `...` evaluated at its first use.
f <- function(x) { cat("made for", deparse(substitute(x)), "\n"); function() x }
g <- f(a + 1)
a <- 5
print(g())
a <- 100
print(g())
h <- function(...) { n <- deparse(substitute(list(...))); function() list(...) }
k <- h(b * 2, 3)
b <- 4
print(k())
m <- function(x, y = x * 2) { substitute(x); y }
a <- 1
print(m(a + 1))
r <- function(x) { on.exit(cat("exit", deparse(substitute(x)), "\n")); x }
print(r(a + 2))
cnt <- function(n, lab = deparse(substitute(n))) if (n <= 0) lab else cnt(n - 1)
print(cnt(3))

# Each promise is evaluated at most once, and only if used.
calls <- 0
noisy <- function(v) { calls <<- calls + 1; v }
use_twice <- function(x) { s <- substitute(x); c(x, x, length(s)) }
print(use_twice(noisy(7)))
print(calls)
maybe <- function(flag, x) { s <- substitute(x); if (flag) x else deparse(s) }
print(maybe(FALSE, noisy(stop("not evaluated"))))
print(maybe(TRUE, noisy(8)))
print(calls)

# The caller's variables, in a function and in a loop that calls often.
labelled <- function(value) {
  lab <- deparse(substitute(value))
  paste0(lab, "=", value)
}
out <- character(0)
for (i in 1:300) {
  sq <- i * i
  if (i %% 100 == 0) out <- c(out, labelled(sq + i))
  else labelled(i)
}
print(out)
wrapper <- function(n) {
  local_total <- 0
  for (j in seq_len(n)) local_total <- local_total + nchar(labelled(j * 2))
  local_total
}
print(wrapper(250))

# missing() and nargs() of a function taking promises.
opt <- function(a, b) { s <- substitute(a); c(missing(a), missing(b), nargs()) }
print(opt(1))
print(opt(b = zzz))

# A promise that assigns in the caller's frame when evaluated.
setter <- function(x) { s <- substitute(x); invisible(x) }
setter(assigned_here <- 42)
print(assigned_here)

# A promise holding a function, called by its parameter's name.
apply_named <- function(g, x) { cat(deparse(substitute(g)), "of", x, "\n"); g(x) }
print(apply_named(sqrt, 16))
print(apply_named(function(v) v * 10, 4))
named_fun <- function(FUN, ...) { nm <- deparse(substitute(FUN)); paste(nm, FUN(...)) }
print(named_fun(max, 3, 9, 4))
