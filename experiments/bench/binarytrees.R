# Binary trees (Computer Language Benchmarks Game): allocate and walk many
# complete binary trees built from lists; returns the node checks per depth.
bottom_up_tree <- function(depth) {
  if (depth > 0L) {
    list(left = bottom_up_tree(depth - 1L), right = bottom_up_tree(depth - 1L))
  } else {
    list(left = NULL, right = NULL)
  }
}

item_check <- function(tree) {
  if (is.null(tree$left)) 1L else 1L + item_check(tree$left) + item_check(tree$right)
}

binary_trees <- function(max_depth) {
  min_depth <- 4L
  checks <- integer(0)
  checks[1] <- item_check(bottom_up_tree(max_depth + 1L))
  long_lived <- bottom_up_tree(max_depth)
  depth <- min_depth
  while (depth <= max_depth) {
    iterations <- bitwShiftL(1L, max_depth - depth + min_depth)
    check <- 0L
    for (i in 1:iterations) check <- check + item_check(bottom_up_tree(depth))
    checks[length(checks) + 1L] <- check
    depth <- depth + 2L
  }
  checks[length(checks) + 1L] <- item_check(long_lived)
  checks
}

run <- function() binary_trees(8L)

print(run())
