# `&&`/`||` (NA, short circuit, errors), `rec$x <- v` in loops with aliasing,
# and `if`/`while` conditions computed by calls: the shapes the JIT compiles
# with control flow for short-circuit logic and runtime calls for the rest.

calls <- 0
touch <- function(v) { calls <<- calls + 1; v }

and_or <- function(a, b) {
  r1 <- a && touch(b)
  r2 <- a || touch(b)
  c(r1, r2)
}
vals <- list(TRUE, FALSE, NA)
for (k in 1:3) {
  for (a in vals) for (b in vals) print(and_or(a, b))
}
cat("right side evaluated", calls, "times\n")

# Numbers, integers, and NaN as operands.
num_logic <- function(x, y) c(x && y, x || y)
for (k in 1:3) {
  print(num_logic(2, 0))
  print(num_logic(0L, 3L))
  print(num_logic(NaN, 1))
  print(num_logic(0, NA_integer_))
}

# Typed comparisons in loop conditions.
count_run <- function(x, lim) {
  i <- 1L
  n <- length(x)
  while (i <= n && x[i] < lim) i <- i + 1L
  i - 1L
}
any_big <- function(x, lim) {
  found <- FALSE
  for (i in seq_along(x)) if (x[i] > lim || found) found <- TRUE
  found
}
xs <- c(1, 2, 3, 10, 4)
for (k in 1:4) {
  print(count_run(xs, 5))
  print(count_run(xs, 100))
  print(any_big(xs, 5))
  print(any_big(xs, 50))
}

# NA on the left: only the decided cases give a value.
na_left <- function(x) c(x[1] > 0 && FALSE, x[1] > 0 || TRUE, x[1] > 0 && TRUE)
for (k in 1:3) {
  print(na_left(c(1, 2)))
  print(na_left(c(NA, 2)))
}

# Errors from `&&` / `||` operands.
bad <- function(a, b) a && b
for (k in 1:3) {
  print(tryCatch(bad("yes", TRUE), error = function(e) conditionMessage(e)))
  print(tryCatch(bad(TRUE, "no"), error = function(e) conditionMessage(e)))
  print(tryCatch(bad(TRUE, list(1)), error = function(e) conditionMessage(e)))
  print(tryCatch(bad(NULL, TRUE), error = function(e) conditionMessage(e)))
  print(tryCatch(bad(FALSE, "never evaluated"), error = function(e) conditionMessage(e)))
}

# Records: `rec$x <- v` in loops, copy-on-write.
bump <- function(rec, n) {
  for (i in 1:n) {
    rec$count <- rec$count + 1
    rec$last <- i
  }
  rec
}
a <- list(count = 0, last = NA)
for (k in 1:3) {
  b <- a
  a <- bump(a, 5)
  cat("a:", a$count, a$last, " b:", b$count, b$last, "\n")
}
alias <- function() {
  p <- list(x = 0, y = 0)
  q <- p
  p$x <- 1
  r <- p
  for (i in 1:3) {
    p$y <- p$y + i
    r$x <- r$x * 10
  }
  p$z <- "new"
  list(p = p, q = q, r = r)
}
for (k in 1:3) str <- alias()
print(str)
grow <- function(n) {
  s <- list()
  for (i in 1:n) s$total <- if (is.null(s$total)) i else s$total + i
  s
}
for (k in 1:3) print(grow(4))

# Conditions computed by calls.
is_even <- function(i) i %% 2 == 0
first_len <- function(x) length(x)
cond_calls <- function(n) {
  evens <- 0
  i <- 0
  while (i < n) {
    i <- i + 1
    if (is_even(i)) evens <- evens + 1
  }
  if (first_len(c(1, 2))) evens else -1
}
for (k in 1:3) print(cond_calls(9))
check <- function(v) {
  tryCatch(if (identity(v)) "yes" else "no", error = function(e) conditionMessage(e))
}
for (k in 1:3) {
  print(check(TRUE))
  print(check(0))
  print(check("T"))
  print(check("maybe"))
  print(check(NA))
  print(check(logical(0)))
  print(check(list(1)))
}

# An uncaught condition error, attributed to its `if`.
final <- function(x) if (identity(x)) "never"
final(NA)
