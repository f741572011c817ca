# List (Are We Fast Yet): builds linked lists of records and runs the recursive
# Takeuchi-like `tail` over them; stresses NULL checks and recursion.
make_list <- function(len) {
  if (len == 0L) return(NULL)
  list(val = len, nxt = make_list(len - 1L))
}

list_length <- function(e) {
  if (is.null(e$nxt)) 1L else 1L + list_length(e$nxt)
}

is_shorter_than <- function(x, y) {
  x_tail <- x
  y_tail <- y
  while (!is.null(y_tail)) {
    if (is.null(x_tail)) return(TRUE)
    x_tail <- x_tail$nxt
    y_tail <- y_tail$nxt
  }
  FALSE
}

tail_rec <- function(x, y, z) {
  if (is_shorter_than(y, x)) {
    tail_rec(tail_rec(x$nxt, y, z), tail_rec(y$nxt, z, x), tail_rec(z$nxt, x, y))
  } else {
    z
  }
}

run <- function() {
  total <- 0L
  for (r in 1:4) {
    result <- tail_rec(make_list(15L), make_list(10L), make_list(6L))
    total <- total + list_length(result)
  }
  total
}

print(run())
