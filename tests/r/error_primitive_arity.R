# GNU R's argument checks of its primitives (vm/src/builtins/arity.rs):
# each called with seven arguments, none, and one named `zz`.
fs <- c("floor", "ceiling", "sqrt", "sign", "exp", "expm1", "log1p", "log2", "log10", "cos", "sin", "tan", "acos", "asin", "atan", "cosh", "sinh", "tanh", "lgamma", "gamma", "abs", "length", "is.null", "is.logical", "is.integer", "is.double", "is.complex", "is.character", "is.symbol", "is.environment", "is.list", "is.expression", "is.raw", "is.numeric", "is.matrix", "is.array", "is.atomic", "is.call", "is.language", "is.function", "is.na", "is.nan", "is.finite", "is.infinite", "names", "dim", "dimnames", "unclass", "class", "oldClass", "attributes", "as.call", "seq_len", "seq_along", "Re", "Im", "Mod", "Arg", "Conj", "cumsum", "cumprod", "cummax", "cummin", "nargs", "interactive", "emptyenv", "globalenv", "proc.time")
try_msg <- function(f, args) tryCatch({ do.call(f, args); "ok" }, error = function(e) conditionMessage(e))
for (f in fs) {
  cat(f, "|", try_msg(f, list(1, 2, 3, 4, 5, 6, 7)), "|", try_msg(f, list()), "|",
      try_msg(f, list(zz = 1)), "\n")
}
# A prefix of the formal's name matches; other builtins are unchanged.
print(sqrt(x = 4)); print(seq_len(length = 3)); print(length(x = 1:5))
print(is.null(x = NULL)); print(Mod(z = 3+4i))
print(sum(1, 2, 3)); print(max(x = 1, 5)); print(c(a = 1)); print(nchar("abc", "chars"))
f <- function(v) { s <- 0; for (i in seq_along(v)) s <- s + abs(v[i]); s }
for (k in 1:20) r <- f(c(-1, 2, -3))
print(r)
print(tryCatch(length(1, 2), error = function(e) conditionMessage(e)))
g <- function(x) sqrt(x, 2)
r <- tryCatch(g(4), error = function(e) conditionMessage(e)); print(r)
h <- function() nargs(1)
print(tryCatch(h(), error = function(e) conditionMessage(e)))
length(1:3, 4)
