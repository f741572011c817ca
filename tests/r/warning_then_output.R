# Warnings and cat output interleave: warnings are printed after each statement.
cat("one\n")
as.numeric("x")
cat("two\n")
for (i in 1:2) { cat("loop", i, "\n"); as.numeric("y") }
cat("three\n")
