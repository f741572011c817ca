# An invalid perl = TRUE pattern, forced as an argument of regmatches:
# PCRE's message and the rest of the pattern in the warning.
key <- function(s) regmatches(s, regexpr("(?<k>\\w+", s, perl = TRUE))
print(regmatches("abc=1", regexpr("(?<k>\\w+)", "abc=1", perl = TRUE)))
key("abc=1")
