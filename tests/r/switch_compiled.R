# switch() in compiled code: numeric and character selectors, fallthrough
# arms, defaults, no match (invisible NULL), selector types changing in a hot
# loop, break/next inside arms, nested switches, switch as a function's
# value, and R's errors, in every tier.
kind <- function(x) switch(x, "one", "two", "three")
name_score <- function(s) switch(s, a = , b = 10, c = 20, d = {
  z <- 5
  z * 2
}, -1)
tally <- function(n) {
  t <- 0
  for (i in 1:n) {
    k <- i %% 5
    r <- switch(k + 1, 0, 1L, 2.5, NULL, "x")
    t <- t + if (is.character(r)) 100 else if (is.null(r)) -1 else r
  }
  t
}
loop_ctl <- function(n) {
  out <- 0
  for (i in 1:n) {
    switch(as.character(i %% 4),
      "0" = next,
      "3" = if (i > 40) break,
      out <- out + i)
  }
  c(out, i)
}
nested <- function(a, b) switch(a, x = switch(b, 1, 2), y = switch(b, 3, 4), 0)
for (r in 1:300) {
  v1 <- kind(r %% 4)
  v2 <- name_score(c("a", "b", "c", "d", "e")[r %% 5 + 1])
}
print(v1); print(v2)
print(is.null(kind(7)))
print(kind(2.9))
print(tally(1000))
print(loop_ctl(100))
for (r in 1:200) w <- nested(c("x", "y", "q")[r %% 3 + 1], r %% 2 + 1)
print(w)
print(c(nested("x", 2), nested("y", 1), nested("q", 1)))
mixed <- function(sel) switch(sel, "1" = "a", "2" = "b")
acc <- character(0)
for (r in 1:400) {
  s <- if (r < 300) (r %% 2) + 1 else if (r < 350) c("1", "2")[r %% 2 + 1] else TRUE
  acc <- c(acc, if (is.null(mixed(s))) "NULL" else mixed(s))
}
print(table(acc))
invisible_null <- function() switch("zz", a = 1)
invisible_null()
r <- tryCatch(switch("a", 1, 2), error = function(e) conditionMessage(e))
print(r)
print(invisible_null())
f_err1 <- function(x) switch(x, 1, 2)
r <- tryCatch(f_err1(c(1, 2)), error = function(e) conditionMessage(e))
print(r)
r <- tryCatch(f_err1(list(1)), error = function(e) conditionMessage(e))
print(r)
f_empty <- function(x) switch(x, , 2)
r <- tryCatch(f_empty(1), error = function(e) conditionMessage(e))
print(r)
f_dup <- function(x) switch(x, a = 1, 2, 3)
r <- tryCatch(f_dup("q"), error = function(e) conditionMessage(e))
print(r)
print(switch(NA_character_, a = 1, "default"))
print(is.null(switch(NA_integer_, 1, 2)))
g <- function(n) { s <- 0; for (i in 1:n) s <- s + switch(i %% 3 + 1, 1, 10, 100); s }
for (r in 1:50) g(100)
f_err1(c(1, 2))
