# S3 generics (UseMethod) hot enough to compile, called from compiled
# loops and from sapply; a generic that assigns its argument before
# UseMethod dispatches on the argument as passed (GNU R reads the call's
# promise, not the frame).
area <- function(s, ...) UseMethod("area")
area.circle <- function(s, ...) pi * s$r^2
area.square <- function(s, ...) s$side^2
area.default <- function(s, ...) NA
shapes <- list(structure(list(r = 1), class = "circle"),
               structure(list(side = 2), class = "square"), 3)
tot <- 0
for (k in 1:500) for (s in shapes) { a <- area(s); if (!is.na(a)) tot <- tot + a }
print(tot)
print(sapply(shapes, area))

desc <- function(x) { x <- unclass(x); UseMethod("desc") }
desc.default <- function(x) paste("default", class(x))
desc.foo <- function(x) paste("foo of", class(x))
for (k in 1:200) d <- desc(structure(k, class = "foo"))
print(d)
print(desc(2))

scale_by <- function(obj, k) UseMethod("scale_by")
scale_by.vec <- function(obj, k) { obj$v <- obj$v * k; obj }
scale_by.default <- function(obj, k) obj * k
v <- structure(list(v = c(1, 2, 3)), class = "vec")
for (i in 1:300) v <- scale_by(v, 1.001)
print(round(v$v, 4))
print(scale_by(k = 2, obj = 5))

size <- function(x) UseMethod("size")
size.default <- function(x) length(x)
size.character <- function(x) sum(nchar(x))
total <- 0L
for (i in 1:400) total <- total + size(if (i %% 2L == 0L) letters[1:3] else 1:i)
print(total)
print(tryCatch(size(), error = function(e) conditionMessage(e)))
