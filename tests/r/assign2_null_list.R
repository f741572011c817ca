# `[[<-` on NULL makes a list in GNU R 4.2 (`x <- NULL; x[[1]] <- 1` is list(1)), also nested and in hot loops.
p <- NULL; p$a$b[[1]] <- 1; str(p)
q <- NULL; q$b[[1]] <- 1; str(q)
r <- NULL; r[[1]] <- 1; str(r)
s <- list(); s$a$b[[2]] <- "x"; str(s)
t <- NULL; t$a[1] <- 1; str(t)
u <- NULL; u$a$b[1] <- 2; str(u)
v <- list(a = NULL); v$a[[1]] <- 3; str(v)
x <- NULL; x[["a"]] <- 1; str(x)
x <- NULL; x[[2]] <- "s"; str(x)
x <- NULL; x[[1]] <- 1:3; str(x)
x <- NULL; x[[1]] <- NULL; str(x)
x <- NULL; x[[1]] <- list(1); str(x)
x <- c(); x[[1]] <- TRUE; str(x)
f <- function() { y <- NULL; for (i in 1:3) y[[i]] <- i * 2; y }
str(f())
g <- function(n) { acc <- NULL; for (i in seq_len(n)) acc[[i]] <- i %% 3; acc }
for (k in 1:30) r <- g(5L)
str(r); print(length(g(0L))); print(is.list(g(2L)))
h <- function(n) { acc <- NULL; for (i in seq_len(n)) acc[[paste0("k", i)]] <- i; acc }
for (k in 1:30) r <- h(3L)
str(r)
