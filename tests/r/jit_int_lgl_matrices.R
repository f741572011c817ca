# Integer and logical matrices read and written element by element in hot
# loops (a game-of-life board, an adjacency matrix, a count table), with NA
# elements, out-of-range indices, a matrix turned double mid-loop and a
# logical matrix that receives integers.
life_step <- function(board) {
  n <- nrow(board)
  m <- ncol(board)
  out <- matrix(FALSE, n, m)
  for (i in 1:n) {
    for (j in 1:m) {
      count <- 0L
      for (di in -1:1) for (dj in -1:1) {
        if (di != 0L || dj != 0L) {
          ii <- (i + di - 1L) %% n + 1L
          jj <- (j + dj - 1L) %% m + 1L
          if (board[ii, jj]) count <- count + 1L
        }
      }
      out[i, j] <- count == 3L || (board[i, j] && count == 2L)
    }
  }
  out
}
set.seed(3)
b <- matrix(runif(20 * 16) < 0.4, 20, 16)
for (g in 1:12) b <- life_step(b)
print(sum(b))
print(which(b[5, ]))

degree <- function(adj) {
  n <- nrow(adj)
  d <- integer(n)
  for (i in 1:n) for (j in 1:ncol(adj)) d[i] <- d[i] + adj[i, j]
  d
}
adj <- matrix(0L, 30, 30)
for (k in 1:200) {
  i <- (k * 7L) %% 30L + 1L
  j <- (k * 11L) %% 30L + 1L
  adj[i, j] <- adj[i, j] + 1L
}
print(degree(adj))
adj[3, 4] <- NA
print(degree(adj))
print(tryCatch(adj[31, 1], error = function(e) conditionMessage(e)))
adj[3, 4] <- 2.5
print(degree(adj))

counts <- matrix(0L, 4, 5)
for (k in 1:3000) {
  r <- k %% 4L + 1L
  c <- (k %/% 4L) %% 5L + 1L
  counts[r, c] <- counts[r, c] + 1L
  if (k == 2500L) counts[r, c] <- counts[r, c] + 0.5
}
print(counts)

flags <- matrix(NA, 6, 6)
for (k in 1:600) {
  i <- k %% 6L + 1L
  j <- (k %/% 6L) %% 6L + 1L
  flags[i, j] <- (k %% 3L) == 0L
  if (k == 500L) flags[i, j] <- 7L
}
print(flags)
print(typeof(flags))
m <- matrix(c(TRUE, NA, FALSE, TRUE), 2, 2)
s <- 0L
for (k in 1:2000) if (isTRUE(m[k %% 2L + 1L, (k %/% 2L) %% 2L + 1L])) s <- s + 1L
print(s)
