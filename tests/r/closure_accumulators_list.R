# Accumulating results into vectors and lists inside closures and loops.
collector <- function() {
  items <- list()
  add <- function(x) { items[[length(items) + 1]] <<- x; invisible(length(items)) }
  get <- function() items
  list(add = add, get = get)
}
col <- collector()
col$add(1); col$add("two"); n <- col$add(c(3, 4))
print(n)
print(col$get())
squares <- c()
for (i in 1:6) squares <- c(squares, i^2)
print(squares)
running <- numeric(0)
total <- 0
for (v in c(5, 3, 8)) { total <- total + v; running[length(running) + 1] <- total }
print(running)
memo <- list()
remember <- function(key, value) memo[[key]] <<- value
remember("a", 1); remember("b", 2); remember("a", 3)
print(memo)
