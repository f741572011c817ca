# Binary trees (small depth), as in the shootout benchmark.
make_tree <- function(d) if (d == 0) list(NULL, NULL) else list(make_tree(d - 1), make_tree(d - 1))
check <- function(t) if (is.null(t[[1]])) 1 else 1 + check(t[[1]]) + check(t[[2]])
max_depth <- 6
min_depth <- 4
stretch <- max_depth + 1
cat("stretch tree of depth", stretch, "\t check:", check(make_tree(stretch)), "\n")
long_lived <- make_tree(max_depth)
for (d in seq(min_depth, max_depth, by = 2)) {
  iters <- 2^(max_depth - d + min_depth)
  chk <- 0
  for (i in 1:iters) chk <- chk + check(make_tree(d))
  cat(iters, "\t trees of depth", d, "\t check:", chk, "\n")
}
cat("long lived tree of depth", max_depth, "\t check:", check(long_lived), "\n")
