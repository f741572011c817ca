# Frames of nested direct calls built late, from the innermost one: every
# activation is built exactly once and in call order, whether an exit, a
# builtin that reads the frames, or an error builds them.
leaf <- function(x, k) {
  if (k == 1L) return(environmentName(parent.frame(3)))
  if (k == 2L) return(environmentName(parent.frame(4)))
  if (k == 3L) stop("leaf failed at ", x)
  if (k == 4L) warning("leaf warns")
  x + 1
}
mid <- function(x, k) leaf(x * 2, k)
upper <- function(x, k) {
  marker <- TRUE
  mid(x - 1, k)
}
s <- 0
for (i in 1:400) s <- s + upper(i, 0L)
print(s)
print(upper(1, 1L))
print(upper(1, 2L))
f4 <- function() upper(1, 2L)
print(f4())
r <- tryCatch(upper(5, 3L), error = function(e) conditionMessage(e))
print(r)
w <- tryCatch(upper(2, 4L), warning = function(w) conditionMessage(w))
print(w)
print(upper(3, 4L))
# a type change deep down: the innermost call exits with its callers frameless
for (i in 1:300) s <- upper(i, 0L)
print(upper(2L, 0L))
print(upper(TRUE, 0L))
# and the error escapes, its Calls: trace naming each call once
upper(7, 3L)
