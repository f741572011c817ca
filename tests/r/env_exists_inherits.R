# `exists`, `get0` and `mget` with inherits = FALSE on the global
# environment do not see builtins (they are base's, the global
# environment's parent); with inherits they do. Found by the generator's
# scalar-builtins unit (a local shadow, then `if (exists(..., inherits =
# FALSE)) rm(...)` at top level).
print(exists("sqrt", envir = globalenv(), inherits = FALSE))
print(exists("bitwShiftL", envir = globalenv(), inherits = FALSE))
print(exists("sqrt", envir = globalenv()))
print(exists("sqrt"))
print(is.null(get0("runif", envir = globalenv(), inherits = FALSE)))
print(is.function(get0("runif", envir = globalenv())))
f <- function() {
  sqrt <- function(x) -1
  c(exists("sqrt", inherits = FALSE), exists("abs", inherits = FALSE), sqrt(4))
}
print(f())
sqrt <- function(x) "mine"
print(exists("sqrt", envir = globalenv(), inherits = FALSE))
print(sqrt(4))
rm("sqrt", envir = globalenv())
print(exists("sqrt", envir = globalenv(), inherits = FALSE))
print(sqrt(4))
r <- tryCatch(get("abs", envir = globalenv(), inherits = FALSE), error = function(e) conditionMessage(e))
print(r)
