# regmatches of match data for a different number of strings.
x <- c("a1", "b2")
m <- regexpr("[0-9]", "a1")
print(regmatches(x[1], m))
regmatches(x, m)
