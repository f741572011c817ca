# A single warning at top level: "Warning message:" after the statement.
x <- as.integer("abc")
print(x)
warning("explicit top-level warning")
cat("after\n")
