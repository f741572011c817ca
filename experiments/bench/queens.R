# Queens (Are We Fast Yet): solves the 8 queens problem by backtracking over
# shared global logical vectors (free rows and diagonals), updated with `<<-`.
free_rows <- logical(8)
free_maxs <- logical(16)
free_mins <- logical(16)
queen_rows <- integer(8)

get_row_column <- function(r, c) {
  free_rows[r + 1L] && free_maxs[c + r + 1L] && free_mins[c - r + 8L]
}

set_row_column <- function(r, c, v) {
  free_rows[r + 1L] <<- v
  free_maxs[c + r + 1L] <<- v
  free_mins[c - r + 8L] <<- v
}

place_queen <- function(c) {
  for (r in 0:7) {
    if (get_row_column(r, c)) {
      queen_rows[r + 1L] <<- c
      set_row_column(r, c, FALSE)
      if (c == 7L) return(TRUE)
      if (place_queen(c + 1L)) return(TRUE)
      set_row_column(r, c, TRUE)
    }
  }
  FALSE
}

queens <- function() {
  free_rows <<- rep(TRUE, 8L)
  free_maxs <<- rep(TRUE, 16L)
  free_mins <<- rep(TRUE, 16L)
  queen_rows <<- rep(-1L, 8L)
  place_queen(0L)
}

run <- function() {
  solved <- 0L
  for (i in 1:40) if (queens()) solved <- solved + 1L
  c(solved, queen_rows)
}

print(run())
