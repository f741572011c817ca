# An error signalled directly in the expression of withCallingHandlers at
# top level: R names withCallingHandlers' own call.
withCallingHandlers({
  x <- 1
  stop("failed at top level")
}, error = function(e) message("handler saw: ", conditionMessage(e)))
