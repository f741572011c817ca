# return() inside tryCatch regions of compiled functions: the region runs in
# the interpreter and its return ends the compiled function with that value
# (visibility kept); with on.exit and finally.
early <- function(v) {
  for (x in v) {
    r <- tryCatch({
      if (x < 0) return("negative")
      sqrt(x)
    }, error = function(e) NA)
  }
  r
}
res <- character(0)
for (k in 1:300) res <- c(res, early(c(4, 9, if (k %% 2 == 0) -1 else 16)))
print(table(res))
g <- function(x) {
  on.exit(cat("")) 
  tryCatch(if (x > 5) return(x * 10) else stop("small"), error = function(e) -x, finally = NULL)
}
s <- 0
for (i in 1:300) s <- s + g(i %% 10)
print(s)
h <- function(x) { y <- tryCatch(return(invisible(x + 1)), error = function(e) 0); y * 100 }
for (i in 1:200) hv <- h(i)
print(hv)
h(3)
