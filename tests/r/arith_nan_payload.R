# NA vs NaN when both operands are NaN: the first operand's payload for
# + - * /, NA wins for %%, the exponent's for ^ (found by generated-program
# differential testing: the interpreter's `s <- s + x` in a function lost NA).
f <- function(v) { s <- NA; for (x in v) { s <- s + x; cat(s, "") }; cat("\n"); s }
print(f(c(Inf, -Inf, NaN, 0)))
g <- function(a, b) c(a + b, a - b, a * b, a / b, a ^ b, a %% b, a %/% b)
for (k in 1:3) {
  print(g(NA, NaN)); print(g(NaN, NA)); print(g(NA_real_, NaN)); print(g(NaN, NA_real_))
}
s <- NA; s <- s + Inf; s <- s + NaN; print(s)
print(NaN^NA); print(NA^NaN); print(NaN^NA_integer_); print(NaN %% NA); print(NA %% NaN)
