# Nested tryCatch, rethrowing, and errors inside handlers.
r <- tryCatch({
  tryCatch(stop("inner"), error = function(e) stop(paste("outer from", conditionMessage(e))))
}, error = function(e) conditionMessage(e))
print(r)
r <- tryCatch({
  tryCatch(stop("only inner"), warning = function(w) "wrong handler")
}, error = function(e) paste("outer caught", conditionMessage(e)))
print(r)
r <- tryCatch({
  tryCatch(warning("w1"), error = function(e) "not this")
}, warning = function(w) paste("outer got", conditionMessage(w)))
print(r)
log_steps <- character(0)
r <- tryCatch({
  tryCatch({
    log_steps <- c(log_steps, "start")
    stop("fail")
  }, finally = log_steps <- c(log_steps, "inner finally"))
}, error = function(e) "recovered", finally = log_steps <- c(log_steps, "outer finally"))
print(r)
print(log_steps)
safe_div <- function(a, b) {
  tryCatch({
    if (b == 0) stop("division by zero")
    a / b
  }, error = function(e) { cat("error:", conditionMessage(e), "\n"); NA })
}
print(safe_div(1, 2)); print(safe_div(1, 0))
results <- sapply(c(1, -1, 4), function(v) tryCatch(if (v < 0) stop("neg") else sqrt(v), error = function(e) -99))
print(results)
e <- tryCatch(stop("kept"), error = function(e) e)
print(conditionMessage(e))
print(inherits(e, "error"))
print(inherits(e, "condition"))
w <- tryCatch(warning("kept w"), warning = function(w) w)
print(conditionMessage(w))
print(class(w))
