# Small helpers that call builtins (sqrt, abs, floor, max, ...), called in a
# hot loop: inlined with their builtin calls. A builtin redefined mid-loop by
# a global function, a caller with a local of a builtin's name, and argument
# types that change must give what GNU R gives.
dist2 <- function(x1, y1, x2, y2) {
  dx <- x2 - x1
  dy <- y2 - y1
  sqrt(dx * dx + dy * dy)
}
clamp <- function(x, lo, hi) max(lo, min(x, hi))
cell <- function(x, w) floor(abs(x) / w) + 1
run <- function(n, redefine_at) {
  s <- 0
  cells <- 0
  for (i in 1:n) {
    if (i == redefine_at) assign("sqrt", function(x) -1, envir = globalenv())
    v <- clamp(i * 0.37 - 10, -5, 5)
    s <- s + dist2(0, 0, v, i %% 7)
    cells <- cells + cell(v, 0.5)
  }
  c(s, cells)
}
own_abs <- function(n) {
  abs <- function(x) 100
  t <- 0
  for (i in 1:n) t <- t + cell(-i, 2) + abs(i)
  t
}
for (k in 1:30) r <- run(500L, 0L)
print(r)
print(run(500L, 250L))
rm(sqrt)
print(run(500L, 0L))
print(own_abs(300L))
print(dist2(1L, 2L, 4L, 6L))
print(dist2(NA, 0, 1, 1))
print(clamp(NA_real_, 0, 1))
print(cell(-7.5, 2L))
for (k in 1:30) r <- run(200L, 0L)
print(r)
