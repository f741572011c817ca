# == and != of string scalars take a fast path in compiled code and the
# runtime; NA, names, the empty string, UTF-8, vectors and < (collation) do not.
x <- c("a", "smoke", NA, "b")
f <- function(v, w) { n <- 0L; for (i in 1:3000) { if (isTRUE(v == w)) n <- n + 1L }; n }
print(f("smoke", "smoke")); print(f("a", "b")); print(f(NA_character_, "a")); print(f("a", NA_character_))
print(f(c(a = "x"), "x")); print(f("é", "é")); print(f("", ""))
g <- function(v, w) v != w
for (i in 1:3000) r <- g("a", "b")
print(r); print(g("a", "a")); print(g(NA_character_, "a")); print(g("b", c("a", "b")))
h <- function(v, w) v < w
for (i in 1:3000) r <- h("a", "b")
print(r); print(h("B", "a"))
