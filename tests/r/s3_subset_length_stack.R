# A stack class whose length and elements come from methods; seq_along and
# for loops over it use length.stack, also in hot compiled loops.
stack <- function() structure(list(items = list()), class = "stack")
push <- function(s, x) {
  s$items <- c(s$items, list(x))
  s
}
length.stack <- function(x) length(x$items)
"[[.stack" <- function(x, i) x$items[[i]]
print.stack <- function(x, ...) cat("<stack of", length(x), "items>\n")

s <- stack()
for (i in 1:5) s <- push(s, i * 10)
s
length(s)
seq_along(s)
s[[2]]

total <- function(st) {
  t <- 0
  for (k in seq_along(st)) t <- t + st[[k]]
  t
}
print(total(s))
for (r in 1:300) tt <- total(s)
print(tt)
# The same function on plain lists, then on a stack again.
for (r in 1:300) tp <- total(list(1, 2, 3))
print(tp)
print(total(s))

# At top level: the loop's object turns from a list into a stack.
n_calls <- 0
length.counted <- function(x) {
  n_calls <<- n_calls + 1
  length(unclass(x))
}
acc <- 0
obj <- list(1, 2)
for (i in 1:400) {
  if (i == 200) obj <- structure(list(1, 2, 3), class = "counted")
  acc <- acc + length(obj)
  n_calls <- n_calls + 0
}
cat(acc, n_calls, "\n")
