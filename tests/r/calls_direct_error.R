# An error raised inside a callee called from compiled code is reported
# with the callee's call, as Rscript prints it.
check <- function(x) {
  if (x > 250L) stop("too big: ", x)
  x + 1L
}
loop <- function(n) {
  s <- 0L
  for (i in 1:n) s <- s + check(i)
  s
}
print(loop(100L))
print(loop(200L))
print(loop(300L))
