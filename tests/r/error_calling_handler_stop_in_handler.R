# A warning calling handler that raises an error: the error names the
# handler's call as R shows a call of a function value.
convert <- function(x) as.numeric(x)
strict <- function(xs) {
  withCallingHandlers(convert(xs), warning = function(w) {
    cat("converting warning to error\n")
    stop("strict mode: ", conditionMessage(w))
  })
}
print(strict(c("1", "2")))
strict(c("1", "b"))
