# A source file that is not UTF-8: a Latin-1 byte (0xE9, "e" with an acute
# accent) in a string. In a UTF-8 locale R stops when its parser reaches it;
# the statements before it run, and Latin-1 bytes in comments are harmless: café.
cafe <- "cafe"
print(cafe)
print(nchar(cafe))
cat("before", "the", "error\n")
menu <- c(tea = 2, coffee = 3)
print(menu)
label <- "café"
print(label)
