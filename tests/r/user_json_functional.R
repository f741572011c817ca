to_json <- function(x, indent = 0) {
  pad <- strrep("  ", indent)
  if (is.null(x)) return("null")
  if (is.list(x)) {
    if (!is.null(names(x))) {
      items <- mapply(function(k, v) paste0(pad, "  \"", k, "\": ", to_json(v, indent + 1)), names(x), x)
      return(paste0("{\n", paste(items, collapse = ",\n"), "\n", pad, "}"))
    }
    return(paste0("[", paste(vapply(x, to_json, character(1), indent = indent + 1), collapse = ", "), "]"))
  }
  if (is.character(x)) return(if (length(x) == 1) paste0("\"", x, "\"") else paste0("[", paste0("\"", x, "\"", collapse = ", "), "]"))
  if (is.logical(x)) return(tolower(as.character(x)))
  if (length(x) == 1) return(format(x))
  paste0("[", paste(format(x), collapse = ", "), "]")
}
cfg <- list(name = "sim", version = 2L, params = list(alpha = 0.5, beta = c(1, 2, 3), flags = list(TRUE, FALSE)), tags = c("a", "b"), nothing = NULL)
cat(to_json(cfg), "\n")
compose <- function(...) { fs <- list(...); function(x) Reduce(function(acc, f) f(acc), fs, x) }
inc <- function(x) x + 1; dbl <- function(x) x * 2
h <- compose(inc, dbl, sqrt)
print(h(7)); print(sapply(1:5, compose(dbl, inc)))
print(do.call(paste, c(list("a", "b"), sep = "-")))
print(do.call("sum", as.list(1:10)))
print(Map(function(a, b) a * b, 1:3, 4:6))
print(Reduce(`+`, 1:5, accumulate = TRUE, right = TRUE))
print(Reduce(function(a, b) paste(a, b), letters[1:4], "z"))
print(Filter(Negate(is.null), list(1, NULL, 3)))
print(mapply(rep, 1:3, 3:1))
print(mapply(function(x, y) x + y, c(a = 1, b = 2), c(10, 20)))
print(vapply(c("x", "yy"), function(s) paste0(s, "!"), character(1)))
print(vapply(1:3, function(i) i * c(1, 2), numeric(2)))
print(outer(1:3, 1:3, function(a, b) a >= b))
print(sprintf("%2d: %-5s|%5.1f", 1:3, c("a", "bb", "ccc"), c(1.25, 10.5, 100)))
print(sprintf("%e", 12345.6789)); print(sprintf("%g", 1e-5)); print(sprintf("%x %o %X", 255L, 8L, 255L))
print(sprintf("%5s%%", "ab")); print(sprintf("%+.2f", 3.14159)); print(nchar(sprintf("%10s", "")))
print(strtoi("ff", 16L)); print(strtoi("777", 8L)); print(bitwAnd(12L, 10L))
print(rev(strsplit("hello world", "")[[1]]))
print(paste(rev(strsplit("hello world", " ")[[1]]), collapse = " "))
print(toupper(letters[1:5])); print(casefold("ABC", upper = FALSE))
m <- matrix(1:6, 2, dimnames = list(c("r1", "r2"), c("A", "B", "C")))
print(apply(m, c(1, 2), function(v) v * 10))
print(sapply(list(a = 1:3, b = 4:6), range))

