# A local read before the function binds it finds the enclosing binding, as
# R's lookup does: memo[[k]] <- v in a function makes memo a local whose
# first read is the global environment; x <- x + 1 reads the global x first.
memo <- new.env()
fibm <- function(n) {
  key <- as.character(n)
  if (!is.null(memo[[key]])) return(memo[[key]])
  r <- if (n <= 2) 1 else fibm(n - 1) + fibm(n - 2)
  memo[[key]] <- r
  r
}
for (k in 1:30) v <- fibm(60 + k %% 5)
print(v)
print(length(ls(memo)))
x <- 10
bump <- function(d) { x <- x + d; x }
for (k in 1:300) y <- bump(k)
print(c(x, y))
maker <- function(base) {
  function(d) { base <- base + d; base }
}
inc <- maker(100)
for (k in 1:300) z <- inc(k)
print(z)
nowhere <- function() { if (FALSE) qq <- 1; qq }
r <- tryCatch(nowhere(), error = function(e) conditionMessage(e))
print(r)
for (k in 1:200) r2 <- tryCatch(nowhere(), error = function(e) "err")
print(r2)
qq <- "global qq"
print(nowhere())
nowhere <- function(k) { if (k > 1000) qq <- 1; qq + k }
outer_fn <- function(n) { s <- 0; for (i in 1:n) s <- s + tryCatch(nowhere(i), error = function(e) 1); s + nowhere(3) }
print(outer_fn(300))
