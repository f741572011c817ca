# Cellular automata on matrices: Conway's game of life on a torus, one version
# vectorised by shifting the whole board (the usual R idiom) and one counting
# neighbours cell by cell, checked against each other; a random soup evolved
# for 60 generations; then the elementary automaton rule 30 / rule 110 decoded
# with bitwAnd, its centre column summarised by rle and read as bits by strtoi.

life_step <- function(board) {
  n <- nrow(board)
  m <- ncol(board)
  up <- c(n, 1:(n - 1))
  down <- c(2:n, 1)
  left <- c(m, 1:(m - 1))
  right <- c(2:m, 1)
  nb <- board[up, ] + board[down, ] + board[, left] + board[, right] +
    board[up, left] + board[up, right] + board[down, left] + board[down, right]
  (nb == 3) | (board & nb == 2)
}

life_step_loop <- function(board) {
  n <- nrow(board)
  m <- ncol(board)
  out <- matrix(FALSE, n, m)
  for (i in 1:n) {
    for (j in 1:m) {
      count <- 0
      for (di in -1:1) {
        for (dj in -1:1) {
          if (di != 0 || dj != 0) {
            ii <- (i + di - 1) %% n + 1
            jj <- (j + dj - 1) %% m + 1
            if (board[ii, jj]) count <- count + 1
          }
        }
      }
      out[i, j] <- count == 3 || (board[i, j] && count == 2)
    }
  }
  out
}

elementary <- function(rule, width, steps) {
  cells <- integer(width)
  cells[width %/% 2 + 1] <- 1L
  centre <- integer(steps)
  for (t in 1:steps) {
    centre[t] <- cells[width %/% 2 + 1]
    left <- c(cells[width], cells[-width])
    right <- c(cells[-1], cells[1])
    code <- 4L * left + 2L * cells + right
    cells <- bitwAnd(bitwShiftR(rule, code), 1L)
  }
  list(cells = cells, centre = centre)
}

run <- function() {
  set.seed(1970)
  board <- matrix(runif(48 * 48) < 0.35, 48, 48)
  population <- integer(60)
  for (g in 1:60) {
    board <- life_step(board)
    population[g] <- sum(board)
  }
  small <- matrix(runif(20 * 20) < 0.4, 20, 20)
  agree <- TRUE
  for (g in 1:6) {
    a <- life_step(small)
    b <- life_step_loop(small)
    agree <- agree && identical(a, b)
    small <- b
  }
  r30 <- elementary(30L, 81L, 40L)
  r110 <- elementary(110L, 81L, 40L)
  runs <- rle(r30$centre)
  bits <- paste(r30$centre[1:16], collapse = "")
  c(sprintf("pop %d %d %d", population[1], population[30], population[60]),
    sprintf("agree %s live %d", agree, sum(small)),
    sprintf("r30 %d r110 %d", sum(r30$cells), sum(r110$cells)),
    sprintf("runs %d longest %d", length(runs$lengths), max(runs$lengths)),
    sprintf("bits %s = %d", bits, strtoi(bits, base = 2)))
}

print(run())
