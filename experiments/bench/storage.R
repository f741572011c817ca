# Storage (Are We Fast Yet): builds a tree of arrays (lists of lists, numeric
# leaves) of depth 7 with a deterministic generator; stresses allocation.
seed <- 74755L

next_random <- function() {
  seed <<- bitwAnd(seed * 1309L + 13849L, 65535L)
  seed
}

build_tree_depth <- function(depth) {
  count <<- count + 1L
  if (depth == 1L) {
    return(numeric(next_random() %% 10L + 1L))
  }
  arr <- vector("list", 4L)
  for (i in 1:4) arr[[i]] <- build_tree_depth(depth - 1L)
  arr
}

count <- 0L

storage <- function() {
  seed <<- 74755L
  count <<- 0L
  tree <- build_tree_depth(7L)
  count
}

run <- function() {
  total <- 0L
  for (k in 1:6) total <- total + storage()
  total
}

print(run())
