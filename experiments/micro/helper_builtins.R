# Small helpers that call builtins (sqrt, abs, min/max), called in a loop.
clamp <- function(x, lo, hi) max(lo, min(x, hi))
dist2 <- function(x1, y1, x2, y2) sqrt((x2 - x1)^2 + (y2 - y1)^2)
walk <- function(n) {
  s <- 0
  for (i in 1:n) {
    v <- clamp(i * 0.37 - 10, -5, 5)
    s <- s + dist2(0, 0, v, abs(i %% 7 - 3))
  }
  s
}
bench <- function() walk(200000L)
