x <- base::sum(1:10)
print(x)
sum <- function(...) "mine"
print(sum(1, 2))
print(base::sum(1, 2))
h <- utils::head
print(h(letters, 3))
print(stats::sd(c(1, 2, 3, 4)))
print(base::`+`(2, 3))
print(base::"paste"("a", "b"))
pi <- 3
print(base::pi)
print(base:::sum(4, 5))
print(sapply(list(1:3, 4:6), base::max))
f <- function(v) stats::median(v) + base::length(v)
for (i in 1:3) print(f(c(i, 10, 20)))
g <- function(x) base::rev(utils::tail(x, 2))
print(g(1:10))
