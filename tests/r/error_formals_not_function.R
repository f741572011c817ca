# formals<- of a value that is not a function, inside a loop of a function.
setup <- function(n) {
  out <- list()
  for (i in 1:n) {
    g <- i
    formals(g) <- alist(x = )
    out[[i]] <- g
  }
  out
}
setup(2)
