# A closure that updates a variable of its defining function with `<<-`,
# and a function that defines and calls such a closure in a loop (its local
# `count` lives in an environment the closure shares).
# functions: bump, counter_loop
counter_loop <- function(n) {
  count <- 0
  bump <- function(by) count <<- count + by
  for (i in 1:n) bump(i %% 3L)
  count
}
for (k in 1:20) counter_loop(10L)
