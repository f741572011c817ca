# Shared helper: `dot` (a dot product loop) is called by two callers that pass
# it different types -- `int_caller` integer vectors, `dbl_caller` double
# vectors. run() alternates between them on odd and even iterations, so the
# helper's feedback keeps flipping between the two types.
iter <- 0

dot <- function(a, b) {
  s <- 0
  for (i in seq_along(a)) s <- s + a[i] * b[i]
  s
}

n <- 300000L
ia <- (1:n) %% 9L
ib <- (1:n) %% 5L - 2L
da <- ia * 0.5
db <- ib * 0.25

int_caller <- function() dot(ia, ib) + dot(ib, ib)
dbl_caller <- function() dot(da, db) + dot(db, db)

run <- function() {
  iter <<- iter + 1
  if (iter %% 2 == 1) int_caller() else dbl_caller()
}

print(run())
