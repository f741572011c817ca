# An error inside FUN with a coercion warning first (named by FUN's call).
h <- function(v) sapply(v, function(i) log(-1:"a"))
h(1:2)
