# an environment as a mutable object, and a memo table
Account <- function(balance) {
  self <- new.env()
  self$balance <- balance
  self$deposit <- function(x) self$balance <- self$balance + x
  self
}
a <- Account(0)
for (i in 1:100000) a$deposit(i %% 10)
print(a$balance)
memo <- new.env()
fibm <- function(n) {
  key <- as.character(n)
  if (!is.null(memo[[key]])) return(memo[[key]])
  r <- if (n < 2) n else fibm(n - 1) + fibm(n - 2)
  memo[[key]] <- r
  r
}
for (k in 1:200) { rm(list = ls(memo), envir = memo); r <- fibm(80) }
print(r)
