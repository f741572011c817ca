# An invalid extended pattern inside a function: TRE's reason in the
# error, the warning R gives first, and the calls that led there.
clean <- function(x) gsub("(", "", x)
print(grepl("a)", "a)"))
print(gsub("[(]", "", "a(b"))
clean("a(b")
