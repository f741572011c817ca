# Default methods of S3 generics called by their full name, and reached by
# NextMethod from a user method.
x <- c(b = 3, a = 1, c = 2)
print(rev.default(x)); print(rev.default(list(1, "a"))); print(rev.default(NULL))
print(mean.default(c(1, 2, 3, NA), na.rm = TRUE)); print(mean.default(1:10))
print(sort.default(x)); print(sort.default(c(3, 1, 2), decreasing = TRUE))
print(as.character.default(c(1.5, 2, NA)))
print(unique.default(c(1, 2, 2, 3, 1))); print(duplicated.default(c("a", "b", "a")))
print(t.default(matrix(1:6, 2)))
print(all.equal.default(1, 1 + 1e-10)); print(all.equal.default(1, 1.1))
print(seq.default(1, 10, by = 3)); print(seq.default(0, 1, length.out = 5))
print(as.list.default(1:3))
print(range.default(c(5, 1, 9)))
obj <- structure(list(v = 1:3), class = "thing")
print.default(obj)
print(format.default(3.14159, nsmall = 2)); print(format.default(c(1, 10, 100)))
print.default(c(a = 1.123456789, b = 2), digits = 3)
print.thing <- function(x, ...) { cat("<thing of", length(x$v), "values>\n"); invisible(x) }
print(obj)
obj
print.default(unclass(obj))
format.thing <- function(x, ...) paste0("thing(", paste(x$v, collapse = ","), ")")
print(format(obj)); print(format.default(1:3))
rev.thing <- function(x) { cat("rev.thing\n"); x$v <- rev.default(x$v); x }
print(rev(obj)$v)
mean.thing <- function(x, ...) { cat("mean.thing -> "); NextMethod() }
m <- structure(c(1, 2, 6), class = "thing")
print(mean(m))
sort.thing <- function(x, decreasing = FALSE, ...) { cat("sort.thing\n"); sort.default(unclass(x), decreasing = decreasing) }
print(sort(m, decreasing = TRUE))
