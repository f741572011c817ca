# Warnings raised inside operator and subsetting methods, also when the
# methods run from compiled code in hot loops.
capped <- function(x, cap = 100) structure(x, cap = cap, class = "capped")
"+.capped" <- function(e1, e2) {
  cap <- attr(e1, "cap")
  v <- unclass(e1) + unclass(e2)
  v <- as.numeric(v)
  if (v > cap) {
    warning("value capped at ", cap)
    v <- cap
  }
  capped(v, cap)
}
"[[.capped" <- function(x, i) {
  if (i > length(unclass(x))) {
    warning("index beyond the end, using the last element")
    i <- length(unclass(x))
  }
  unclass(x)[[i]]
}
fill <- function(n) {
  x <- capped(0)
  for (i in seq_len(n)) x <- x + 1
  x
}
print(unclass(fill(50))[1])
print(unclass(fill(99))[1])
y <- fill(101)
print(unclass(y)[1])
r <- withCallingHandlers(fill(102), warning = function(w) {
  cat("caught:", conditionMessage(w), "\n")
  invokeRestart("muffleWarning")
})
print(unclass(r)[1])
z <- fill(400)
print(unclass(z)[1])
v <- capped(c(5, 6, 7))
last <- function(x, k) x[[k]]
s <- 0
for (k in 1:300) s <- s + last(v, k %% 3 + 1)
print(s)
print(last(v, 5))
