# Hanoi: recursive towers of Hanoi where the pegs are integer vectors used as
# stacks (heights kept in a separate vector); returns the moves and a checksum.
pegs <- matrix(0L, 16L, 3L)
heights <- integer(3)
moves <- 0L
checksum <- 0L

move_disk <- function(from, to) {
  disk <- pegs[heights[from], from]
  pegs[heights[from], from] <<- 0L
  heights[from] <<- heights[from] - 1L
  heights[to] <<- heights[to] + 1L
  pegs[heights[to], to] <<- disk
  moves <<- moves + 1L
  checksum <<- (checksum * 3L + disk * to) %% 65521L
}

hanoi <- function(n, from, to, via) {
  if (n > 0L) {
    hanoi(n - 1L, from, via, to)
    move_disk(from, to)
    hanoi(n - 1L, via, to, from)
  }
}

run <- function() {
  n <- 14L
  pegs <<- matrix(0L, 16L, 3L)
  for (d in 1:n) pegs[d, 1] <<- n - d + 1L
  heights <<- c(n, 0L, 0L)
  moves <<- 0L
  checksum <<- 0L
  hanoi(n, 1L, 3L, 2L)
  c(moves, checksum, heights, pegs[1, 3])
}

print(run())
