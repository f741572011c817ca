# a random walk simulation with a while loop and repeat
set.seed(42)
walk <- function(steps) {
  pos <- 0; maxpos <- 0; returns <- 0L
  for (s in 1:steps) {
    pos <- pos + if (runif(1) < 0.5) -1 else 1
    if (pos > maxpos) maxpos <- pos
    if (pos == 0) returns <- returns + 1L
  }
  c(pos, maxpos, returns)
}
print(walk(200000))
collatz_len <- function(n) { k <- 0L; while (n != 1) { n <- if (n %% 2 == 0) n / 2 else 3 * n + 1; k <- k + 1L }; k }
best <- 0; arg <- 0
for (i in 1:30000) { l <- collatz_len(i); if (l > best) { best <- l; arg <- i } }
print(c(arg, best))
