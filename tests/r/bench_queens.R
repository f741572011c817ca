# N-queens: count all solutions by backtracking.
queens <- function(n) {
  cols <- integer(n)
  count <- 0
  place <- function(row) {
    if (row > n) { count <<- count + 1; return(invisible(NULL)) }
    for (c in 1:n) {
      ok <- TRUE
      r <- 1
      while (r < row) {
        if (cols[r] == c || abs(cols[r] - c) == row - r) { ok <- FALSE; break }
        r <- r + 1
      }
      if (ok) { cols[row] <<- c; place(row + 1) }
    }
  }
  place(1)
  count
}
for (n in 4:7) cat("queens", n, ":", queens(n), "\n")
