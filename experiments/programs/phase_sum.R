# Phase change (the paper's running example): one function `mysum` sums a
# vector with a plain loop; the element type of its input changes by phase:
# iterations 1-5 integer, 6-10 double, 11-15 complex, 16-20 double, and the
# input stays double after that. The global counter `iter` drives the phases.
iter <- 0

mysum <- function(x) {
  s <- 0
  for (i in seq_along(x)) s <- s + x[i]
  s
}

n <- 1000000L
x_int <- (1:n) %% 7L
x_dbl <- x_int + 0.25
x_cplx <- x_dbl + 0.5i

run <- function() {
  iter <<- iter + 1
  x <- if (iter <= 5) x_int else if (iter <= 10) x_dbl else if (iter <= 15) x_cplx else x_dbl
  mysum(x)
}

print(run())
