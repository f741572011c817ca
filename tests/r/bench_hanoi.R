# Towers of Hanoi: count moves and record the first few.
moves <- 0
first <- character(0)
hanoi <- function(n, from, to, via) {
  if (n == 0) return(invisible())
  hanoi(n - 1, from, via, to)
  moves <<- moves + 1
  if (moves <= 7) first <<- c(first, paste0(from, "->", to))
  hanoi(n - 1, via, to, from)
}
hanoi(12, "A", "C", "B")
print(moves)
print(first)
