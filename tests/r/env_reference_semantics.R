# Environments as mutable references, in hot loops (compiled code).
f <- function(n) {
  s <- 0
  for (i in 1:n) {
    assign("s", s + i)
    if (exists("s")) s <- get("s") * 1
  }
  s
}
for (k in 1:300) r <- f(50)
print(r)
setter <- function(name, v) assign(name, v, envir = parent.frame())
acc <- 0
for (i in 1:300) setter("acc", acc + i)
print(acc)
reader <- function(name) get(name, envir = parent.frame())
print(reader("acc"))
bump <- function(env) { env$total <- env$total + 1; invisible(NULL) }
h <- function(n) {
  e <- new.env()
  e$total <- 0
  for (i in 1:n) bump(e)
  e$total
}
for (k in 1:200) r3 <- h(100)
print(r3)
top <- new.env()
top$v <- 0
for (i in 1:20000) top$v <- top$v + i
print(top$v)
for (i in 1:5000) assign(paste0("k", i %% 7), i, envir = top)
print(ls(top)); print(top$k3)
