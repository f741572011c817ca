# match.arg: explicit choices, the one-argument form (choices from the calling
# function's formal default), partial matching, several.ok, NA, errors.
err <- function(e) cat("Error:", conditionMessage(e), "\n")

# The common idiom: the formal's default vector supplies the choices.
interp <- function(x, type = c("linear", "quadratic", "cubic")) {
  type <- match.arg(type)
  switch(type, linear = x, quadratic = x^2, cubic = x^3)
}
print(interp(2))
print(interp(2, "quad"))
print(interp(2, "c"))
print(interp(2, type = "linear"))
print(interp(2, c("linear", "quadratic", "cubic")))
tryCatch(interp(2, "z"), error = err)
tryCatch(interp(2, c("linear", "cubic")), error = err)
tryCatch(interp(2, character(0)), error = err)
tryCatch(interp(2, NA_character_), error = err)
tryCatch(interp(2, 1), error = err)
tryCatch(interp(2, NA), error = err)
print(interp(3, NULL))

# Called many times (compiled code calls it too).
acc <- 0
for (i in 1:300) {
  acc <- acc + interp(i %% 7, c("linear", "quadratic", "cubic")[i %% 3 + 1])
}
print(acc)
kinds <- character(0)
for (i in 1:200) kinds <- c(kinds, match.arg(c("li", "cu")[i %% 2 + 1], c("linear", "cubic")))
print(table(kinds))

# Explicit choices.
print(match.arg("mo", c("mean", "median", "mode")))
tryCatch(match.arg("m", c("mean", "median")), error = err)
print(match.arg("mean", c("mean", "mean2")))
tryCatch(match.arg("mea", c("mean", "mean2")), error = err)
print(match.arg(arg = "b", choices = c("a", "b")))
print(match.arg("b", c("a", "bb"), FALSE))
print(match.arg(NULL, c("first", "second")))
print(match.arg(c("a", "b", "c"), c("a", "b", "c")))
tryCatch(match.arg("x", "a"), error = err)
tryCatch(match.arg("x", c("a", "", "a")), error = err)
tryCatch(match.arg("", c("a", "b")), error = err)
tryCatch(match.arg("a", character(0)), error = err)
tryCatch(match.arg("a", NULL), error = err)
tryCatch(match.arg(c("a", "b"), "a"), error = err)
tryCatch(match.arg(TRUE, "a"), error = err)
tryCatch(match.arg(list("a"), "a"), error = err)

# Names and non-character choices.
print(match.arg("a", c(x = "a", y = "b")))
print(match.arg(c(q = "a"), c(x = "abc", y = "b")))
print(match.arg("2", 1:3))
tryCatch(match.arg("9", 1:3), error = err)
named <- function(x = c(a = "one", b = "two")) match.arg(x)
print(named())
print(named("tw"))

# NA is matched as the string "NA".
print(match.arg(NA_character_, c("a", NA)))
print(match.arg("NA", c("a", NA)))

# several.ok = TRUE
print(match.arg(c("a", "b"), c("a", "b", "c"), several.ok = TRUE))
print(match.arg(c("a", "zz", "b"), c("alpha", "beta", "c"), several.ok = TRUE))
print(match.arg(c("al", "al"), c("alpha", "beta", "c"), several.ok = TRUE))
print(match.arg(c("a", "ab"), c("ab", "abc"), several.ok = TRUE))
tryCatch(match.arg("zz", c("alpha", "beta"), several.ok = TRUE), error = err)
tryCatch(match.arg(character(0), c("a", "b"), several.ok = TRUE), error = err)
tryCatch(match.arg(1, c("a", "b"), several.ok = TRUE), error = err)
methods <- function(m = c("fast", "slow", "exact")) match.arg(m, several.ok = TRUE)
print(methods())
print(methods(c("s", "f")))
print(methods("ex"))

# The one-argument form in other shapes.
later <- function(n = 2, method = c("fast", "slow")) {
  method <- match.arg(method)
  paste(method, n)
}
print(later(n = 3))
print(later(1, "s"))
reassigned <- function(type = c("x", "y")) {
  type <- "y"
  match.arg(type)
}
print(reassigned())
other <- function(type = c("x", "y")) match.arg(type, c("p", "q", "x"))
tryCatch(other(), error = err)
print(other("p"))
copy <- function(type = c("x", "y")) {
  u <- type
  match.arg(u)
}
tryCatch(copy(), error = err)
single <- function(type = "only") match.arg(type)
print(single())
tryCatch(single("z"), error = err)
empty <- function(type = character(0)) match.arg(type)
print(empty())
by_name <- function(x = c("a", "b")) match.arg("x")
tryCatch(by_name(), error = err)
outer_fn <- function(kind = c("inner", "outer")) {
  helper <- function(kind = c("up", "down")) match.arg(kind)
  c(match.arg(kind), helper(), helper("d"))
}
print(outer_fn())
print(outer_fn("o"))
print(sapply(c("l", "q", "c"), function(t) interp(2, t)))
