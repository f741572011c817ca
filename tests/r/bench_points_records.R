# Lists as records: points, centroid and total path length.
make_point <- function(x, y) list(x = x, y = y)
pts <- list()
for (i in 1:200) pts[[i]] <- make_point(cos(i / 10) * i, sin(i / 10) * i)
cx <- 0; cy <- 0
for (p in pts) { cx <- cx + p$x; cy <- cy + p$y }
cx <- cx / length(pts); cy <- cy / length(pts)
cat("centroid:", cx, cy, "\n")
len <- 0
for (i in 2:length(pts)) {
  dx <- pts[[i]]$x - pts[[i - 1]]$x
  dy <- pts[[i]]$y - pts[[i - 1]]$y
  len <- len + sqrt(dx * dx + dy * dy)
}
cat("path length:", format(len, digits = 10), "\n")
print(pts[[3]])
