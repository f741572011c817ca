# An error in the function sapply calls: R runs it through lapply.
h <- function(v) sapply(v, function(i) if (i == 2) stop("two") else i * 10)
print(h(1))
h(1:3)
