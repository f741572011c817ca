# String literals with both quote kinds and escapes.
x <- "double"
y <- 'single'
print(x); print(y)
print("tab\there")
print("new\nline")
print("back\\slash")
print("quote\"inside")
print('apos\'inside')
print("it's")
print('say "hi"')
print("\x41\x42C")
print("\u00e9t\u00e9")
cat("tab\there\n")
cat("new\nline\n")
cat("back\\slash", "quote\"inside", 'apos\'s', "\n")
cat("\x41\x42C", "\u00e9t\u00e9", "\n")
print(nchar("\u00e9t\u00e9"))
print(c("a\tb", "c\\d", "e\"f"))
