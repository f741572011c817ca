# Environments as mutable objects (new.env()) read and written with `$` in
# compiled code without the caller's frame; the global environment and a
# function's own frame written through `$` must stay visible to the code
# that holds their variables.
new_counter <- function(start) {
  self <- new.env()
  self$n <- start
  self$log <- numeric(0)
  self
}
bump <- function(obj, by) {
  obj$n <- obj$n + by
  if (obj$n %% 7 == 0) obj$log <- c(obj$log, obj$n)
  invisible(obj)
}
run <- function(k) {
  a <- new_counter(0L)
  b <- a
  for (i in 1:k) bump(if (i %% 2 == 0) a else b, i %% 3)
  c(a$n, length(b$log), is.null(a$missing))
}
for (r in 1:50) res <- run(400)
print(res)
e <- new.env()
f <- function(env, v) { env$x <- v; env$x }
for (i in 1:300) y <- f(e, i * 0.5)
print(c(y, e$x))
print(f(e, NULL))
print(exists("x", envir = e))
print(is.null(e$x))
g <- function(n) {
  total <- 0
  for (i in 1:n) {
    ge <- globalenv()
    ge$gcount <- i
    total <- total + gcount
  }
  total
}
gcount <- 0
for (r in 1:20) s <- g(300)
print(c(s, gcount))
h <- function(n) {
  me <- environment()
  acc <- 0
  for (i in 1:n) {
    me$acc <- acc + i
  }
  acc
}
for (r in 1:20) t <- h(200)
print(t)
types <- function(env, n) {
  for (i in 1:n) env$v <- if (i %% 3 == 0) "s" else if (i %% 3 == 1) i else i + 0.5
  env$v
}
for (r in 1:30) u <- types(e, 100)
print(u)
ge <- globalenv()
tl <- 0
for (i in 1:20000) {
  ge$tl <- tl + i
  if (i %% 5000 == 0) tl <- tl - 1
}
print(tl)
holder <- list(env = ge, n = 0)
for (i in 1:20000) {
  holder$n <- holder$n + 1
  if (i == 15000) holder$env$tl <- -5
}
print(c(holder$n, tl))
