# TreeSort (SOM benchmark suite): inserts 2000 LCG numbers into an unbalanced binary
# search tree built from list records (functional insert returns the new tree),
# then checks an in-order walk.
seed <- 74755L

next_random <- function() {
  seed <<- bitwAnd(seed * 1309L + 13849L, 65535L)
  seed
}

insert <- function(node, v) {
  if (is.null(node)) return(list(value = v, left = NULL, right = NULL))
  if (v < node$value) {
    node$left <- insert(node$left, v)
  } else {
    node$right <- insert(node$right, v)
  }
  node
}

walk <- function(node, state) {
  # state = c(count, last, sorted)
  if (is.null(node)) return(state)
  state <- walk(node$left, state)
  if (node$value < state[2]) state[3] <- 0
  state[1] <- state[1] + 1
  state[2] <- node$value
  walk(node$right, state)
}

depth <- function(node) {
  if (is.null(node)) return(0L)
  dl <- depth(node$left)
  dr <- depth(node$right)
  if (dl > dr) dl + 1L else dr + 1L
}

run <- function() {
  seed <<- 74755L
  tree <- NULL
  for (k in 1:2000) tree <- insert(tree, next_random())
  st <- walk(tree, c(0, -1, 1))
  c(st, depth(tree))
}

print(run())
