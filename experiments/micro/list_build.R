# Building a list of records and reading them back.
build <- function(n) {
  l <- vector("list", n)
  for (i in 1:n) l[[i]] <- list(id = i, value = i * 0.5)
  l
}
total <- function(l) {
  s <- 0
  for (r in l) s <- s + r$value
  s
}
bench <- function() total(build(100000L))
