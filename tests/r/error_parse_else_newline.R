# At top level, else on its own line after a complete if statement is a parse error.
x <- 1
if (x > 0) print("a")
else print("b")
