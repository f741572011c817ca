# More than 10 warnings are counted, not listed; 50 or more are capped.
f <- function() for (i in 1:12) warning(paste("w", i))
f()
cat("between\n")
for (i in 1:60) warning("x")
cat("end\n")
