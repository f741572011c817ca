# Subsetting methods: `[` keeping the class through NextMethod, `[[`,
# validating `[<-` and `[[<-`, and `length`.
temps <- function(x, unit = "C") structure(x, unit = unit, class = "temps")
print.temps <- function(x, ...) {
  cat("temps (", attr(x, "unit"), "):", format(unclass(x)), "\n")
  invisible(x)
}
"[.temps" <- function(x, i) {
  structure(NextMethod(), unit = attr(x, "unit"), class = class(x))
}
"[<-.temps" <- function(x, i, value) {
  if (any(value < -273.15)) stop("temperature below absolute zero: ", min(value))
  NextMethod()
}
"[[.temps" <- function(x, i) {
  v <- NextMethod()
  paste0(v, attr(x, "unit"))
}
length.temps <- function(x) {
  cat("(length.temps)\n")
  NextMethod()
}

t1 <- temps(c(mon = 12.5, tue = 15, wed = 9.75, thu = 20))
t1[2:3]
t1[c("mon", "thu")]
t1[-1]
t1[t1 > 12]
t1[["wed"]]
t1[[4]]
length(t1)
t1[2] <- 16.5
t1
t1[c(1, 4)] <- c(11, 21)
t1
r <- tryCatch({ t1[3] <- -300; "stored" }, error = function(e) conditionMessage(e))
print(r)
t1
print(class(t1[1]))
print(attr(t1[1:2], "unit"))

# A record type: `[` selects records, `[[` one field, `[[<-` checks names.
records <- function(...) structure(list(...), class = "records")
"[.records" <- function(x, i) structure(unclass(x)[i], class = "records")
"[[<-.records" <- function(x, i, value) {
  if (!is.character(i)) stop("records are set by name")
  y <- unclass(x)
  y[[i]] <- value
  structure(y, class = "records")
}
length.records <- function(x) length(unclass(x)) * 10L
print.records <- function(x, ...) cat("records:", paste(names(x), collapse = ", "), "\n")
rs <- records(a = 1, b = "two", c = 3:5)
rs
rs[c("a", "c")]
rs[["b"]]
rs[["d"]] <- TRUE
rs
length(rs)
r <- tryCatch({ rs[[1]] <- 0; "ok" }, error = function(e) conditionMessage(e))
print(r)

# A grid: `[` with two indices, an empty one passed on by NextMethod.
grid <- function(m) structure(m, class = "grid")
"[.grid" <- function(x, i, j, ..., drop = TRUE) {
  cat("grid[", if (missing(i)) "" else i, ",", if (missing(j)) "" else j, "] nargs =",
      nargs(), "\n")
  NextMethod()
}
g <- grid(matrix(1:6, nrow = 2))
g[1, ]
g[, 2]
g[2, 3]
g[1, 2:3, drop = FALSE]

# Subsetting in a hot loop: each element through the method.
mean_temp <- function(tt) {
  s <- 0
  for (k in 1:400) s <- s + unclass(tt[(k - 1) %% 4 + 1])
  s / 400
}
print(mean_temp(t1))
print(mean_temp(c(1, 2, 3, 4)))
