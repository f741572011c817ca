# Double vector sum by an explicit loop.
vsum <- function(x) {
  s <- 0
  for (i in seq_along(x)) s <- s + x[i]
  s
}
x <- seq(0.5, 1000000, by = 0.5)
r <- 0
for (k in 1:3) r <- r + vsum(x)
print(r)
