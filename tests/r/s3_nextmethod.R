# Simple NextMethod chains and class vectors.
speak <- function(x) UseMethod("speak")
speak.animal <- function(x) cat("generic animal noise\n")
speak.dog <- function(x) { cat("woof\n"); NextMethod() }
speak.puppy <- function(x) { cat("yip\n"); NextMethod() }
p <- structure(list(), class = c("puppy", "dog", "animal"))
speak(p)
d <- structure(list(), class = c("dog", "animal"))
speak(d)
print(class(p))
print(inherits(p, "animal"))
print(inherits(p, "animal", which = TRUE))
summary2 <- function(x) UseMethod("summary2")
summary2.default <- function(x) length(x)
summary2.big <- function(x) NextMethod() * 1000
print(summary2(structure(1:3, class = "big")))
