# Phase change (the paper's running example): one function `mysum` sums the
# vector it finds in a record with a plain loop; run() calls it on 100 chunks.
# The element type changes by phase: iterations 1-5 integer, 6-10 double,
# 11-15 complex, 16-20 double, and the input stays double after that. The
# vector is reached through a list, so the type is speculated inside the
# compiled function (not by the call's argument context), as in the paper.
iter <- 0

mysum <- function(rec) {
  x <- rec$values
  s <- 0
  for (i in seq_along(x)) s <- s + x[i]
  s
}

nchunk <- 100L
len <- 10000L
make_chunks <- function(kind) {
  chunks <- vector("list", nchunk)
  for (k in 1:nchunk) {
    v <- ((1:len) + k) %% 7L
    if (kind == 2L) v <- v + 0.25
    if (kind == 3L) v <- v + 0.25 + 0.5i
    chunks[[k]] <- list(values = v)
  }
  chunks
}
chunks_int <- make_chunks(1L)
chunks_dbl <- make_chunks(2L)
chunks_cplx <- make_chunks(3L)

run <- function() {
  iter <<- iter + 1
  ch <- if (iter <= 5) chunks_int else if (iter <= 10) chunks_dbl else if (iter <= 15) chunks_cplx else chunks_dbl
  total <- 0
  for (k in seq_along(ch)) total <- total + mysum(ch[[k]])
  total
}

print(run())
