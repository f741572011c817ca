# An error inside withCallingHandlers: the error calling handler logs it
# and returns, so the error goes on to top level (R's message, the Calls:
# line through withCallingHandlers, status 1).
log_error <- function(e) cat("logging:", conditionMessage(e), "\n")
check <- function(x) {
  if (x > 2) stop("value too large: ", x)
  x * 10
}
run_all <- function(xs) withCallingHandlers(sapply(xs, check), error = log_error)
print(run_all(1:2))
warning("pending warning")
run_all(1:5)
