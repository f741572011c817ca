# An empty backquoted name is R's parse-time error "attempt to use zero-length
# variable name" (found by the parse_deparse fuzz target: dlvm accepted
# l$`` and deparsed it to l$, which does not parse).
l <- list(a = 1)
print(l$``)
