# An error handler that itself calls stop(): the new error escapes tryCatch.
handle <- function(e) stop("handler failed: ", conditionMessage(e), call. = FALSE)
tryCatch(stop("original"), error = handle)
