# suppressWarnings / suppressMessages: value, visibility, what is muffled.
suppressWarnings(as.integer("x"))
suppressWarnings(as.numeric(c("1", "two", "3")))
suppressWarnings(x <- as.integer("q"))
x
suppressWarnings(invisible(3))
suppressWarnings({ warning("dropped"); 5 })
suppressWarnings(log(-1))
r <- suppressWarnings(sqrt(-4)); r

suppressMessages(message("not shown"))
suppressMessages({ message("a"); 4 })
suppressMessages({ message("b"); invisible(8) })
suppressWarnings(message("shown: messages pass suppressWarnings"))
suppressMessages(warning("warnings pass suppressMessages"))

# Inside functions: warnings from callees are muffled too.
noisy <- function(v) {
  warning("noisy ", v)
  message("noisy message ", v)
  v * 2
}
suppressWarnings(noisy(1))
suppressMessages(noisy(2))
suppressWarnings(suppressMessages(noisy(3)))

to_num <- function(s) suppressWarnings(as.numeric(s))
to_num(c("1.5", "abc", "2"))
parse_all <- function(xs) {
  out <- numeric(0)
  for (s in xs) {
    v <- suppressWarnings(as.numeric(s))
    out <- c(out, if (is.na(v)) 0 else v)
  }
  out
}
parse_all(c("3", "x", "4.5", ""))

# With tryCatch: the innermost handler wins.
tryCatch(suppressWarnings({ warning("w1"); "body" }), warning = function(w) "caught")
suppressWarnings(tryCatch(warning("w2"), warning = function(w) conditionMessage(w)))
tryCatch(suppressWarnings(stop("an error passes")), error = function(e) conditionMessage(e))
res <- tryCatch(suppressMessages(stop("e2")), error = function(e) "handled")
res

# options(warn): suppressWarnings muffles before warn = 1 or 2 apply.
old <- options(warn = 1)
suppressWarnings(as.integer("z"))
options(warn = 2)
suppressWarnings(as.integer("z"))
options(old)

# A warning outside is still reported (at the end of the top-level call).
f <- function() {
  a <- suppressWarnings(as.integer("1x"))
  b <- as.integer("2x")
  c(a, b)
}
f()
g <- function() suppressWarnings(invisible(7))
g()
(g())
