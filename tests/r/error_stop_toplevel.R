# stop() at top level: "Error: msg", status 1; output before it is kept.
cat("before\n")
stop("something went wrong")
cat("never printed\n")
