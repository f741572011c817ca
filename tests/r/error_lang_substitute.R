# A promise that fails when it is finally used: the label is printed first,
# the error names the call of the function that forced it.
report <- function(value) {
  cat("Reporting", deparse(substitute(value)), "\n")
  cat("Value:", value, "\n")
}
total <- 12
report(total * 2)
check <- function() report(totl / 2)
check()
