# A complex assignment at top level leaves no temporaries in the global
# environment's listing (GNU R removes its `*tmp*`).
p <- list(v = 1:3, w = list(a = 1))
p$v[2] <- 5L
p$w$a <- 2
names(p)[1] <- "vv"
print(ls())
print(p$vv)
f <- function() {
  q <- list(v = 1:3)
  q$v[3] <- 9L
  ls()
}
print(f())
