# Column sums over a "table" (a list of columns) whose columns alternate between
# integer and double; one shared loop function `colsum` sums every column, so
# its feedback sees both types within every iteration. The column is fetched
# inside `colsum` (from the table and an index), so its type is speculated in
# the compiled body rather than fixed by the call's argument context.
nrows <- 200000L
ncols <- 8L

make_table <- function() {
  tbl <- vector("list", ncols)
  for (j in 1:ncols) {
    if (j %% 2L == 1L) {
      tbl[[j]] <- (1:nrows) %% 13L + j
    } else {
      tbl[[j]] <- ((1:nrows) %% 17L) * 0.5 + j
    }
  }
  tbl
}

tbl <- make_table()

colsum <- function(tbl, j) {
  col <- tbl[[j]]
  s <- 0
  for (i in seq_along(col)) s <- s + col[i]
  s
}

run <- function() {
  sums <- numeric(length(tbl))
  for (j in seq_along(tbl)) sums[j] <- colsum(tbl, j)
  sums
}

print(run())
