# match.arg with more than one value when several.ok is FALSE.
pick <- function(how = c("first", "last")) match.arg(how)
print(pick("l"))
pick(c("first", "first"))
