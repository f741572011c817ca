# Direct calls from compiled code to compiled code run without an interpreter
# frame until something observes it: missing(), parent.frame(), on.exit,
# warnings, errors and their Calls: trace, closures made in the callee, an
# exit (deopt) in the callee, deep recursion.
# Calls from compiled code to compiled code: frames observed late
g <- function(n) if (n < 2L) n else g(n - 1L) + g(n - 2L)
for (i in 1:150) s <- g(8L)
print(s)
# the callee looks at its frame only sometimes
h <- function(n, k) {
  if (n == k) return(missing(k))
  if (n == 0L) return(parent.frame())
  n + 1L
}
caller <- function(n, k) h(n, k)
for (i in 1:300) r <- caller(i, 1000L)
print(r)
print(caller(5L, 5L))
e <- caller(0L, 5L)
print(environmentName(e))
print(exists("k", envir = e))
# on.exit in a directly called function
oe <- function(x) {
  if (x > 298) on.exit(cat("leaving", x, "\n"))
  x * 2
}
callo <- function(x) oe(x)
for (i in 1:300) v <- callo(i)
print(v)
# errors inside a direct call name the calls
deep <- function(n) if (n < 0L) stop("bottom reached") else if (n == 0L) 0L else deep(n - 1L) + 1L
top <- function(n) deep(n)
for (i in 1:200) top(3L + 0L * i) -> ok
r <- tryCatch(top(-1L + 0L), error = function(e) conditionMessage(e))
warn <- function(n) { if (n > 1000) warning("big n"); n }
cw <- function(n) warn(n)
for (i in 1:200) cw(i)
print(cw(2000))
print(r)
# missing() and a closure made in the callee
mk <- function(a, b) {
  if (a > 250) return(function() a + b)
  a + b
}
cm <- function(a) mk(a, 1)
for (i in 1:260) z <- cm(i)
print(z())
# a callee changing a local, then exiting (deopt) with the frame built late
ch <- function(x) {
  if (is.character(x)) return(paste(x, "!"))
  y <- x * 2
  y + 1
}
cc <- function(x) ch(x)
for (i in 1:300) w <- cc(i)
print(w)
print(cc("a"))
print(cc(2.5))
deep2 <- function(n) if (n == 0L) 0L else deep2(n - 1L) + 1L
for (i in 1:200) deep2(10L)
print(deep2(300L))
print(top(2L))
top(-1L)
