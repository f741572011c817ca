# strtoi's base: detected by default (octal after a leading 0, hex after 0x),
# or as given.
print(strtoi("012"))
print(strtoi("0x1A"))
print(strtoi(c("12", " 7", "-0x10", "09", "", NA)))
print(strtoi("012", 10L))
print(strtoi("077", 8))
print(strtoi("zz", 36L))
print(strtoi(c(a = "11", b = "101"), base = 2))
