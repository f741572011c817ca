# A `[<-` method that validates what is stored and stops on bad input.
percent <- function(x) structure(x, class = "percent")
print.percent <- function(x, ...) cat(paste0(unclass(x), "%"), "\n")
"[<-.percent" <- function(x, i, value) {
  if (!is.numeric(value)) stop("a percentage must be a number")
  if (any(value < 0 | value > 100)) stop("percentage out of range: ", value)
  NextMethod()
}
p <- percent(c(10, 20, 30))
p[2] <- 25
p
update <- function(x, at, v) {
  x[at] <- v
  x
}
p <- update(p, 3, 99)
p
p <- update(p, 1:2, c(1, 2))
p
update(p, 1, 150)
cat("not reached\n")
