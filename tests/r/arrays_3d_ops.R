# Arrays of three and more dimensions: construction, indexing, dimnames,
# arithmetic, aperm, apply and printing.
a <- array(1:24, dim = c(2, 3, 4))
a
dim(a); length(a); is.array(a); is.matrix(a); class(a)
a[2, 3, 4]
a[, , 1]
a[1, , ]
a[1, 2, ]
a[-1, c(TRUE, FALSE, TRUE), 2]
a[, 2:3, 2, drop = FALSE]
a[, , -(1:3)]
a[c(1, NA), 1, 1]
a[cbind(c(1, 2), c(3, 3), c(4, 4))]
a[[2, 2, 2]]
a[a > 20]

# Recycling and types
array(1:3, c(2, 3, 2))
array(c(TRUE, FALSE), c(1, 2, 2))
array(c(1.5, NA, -2), c(3, 1, 2))
array(letters[1:8], c(2, 2, 2))
array(1:4, c(2, 2, 1, 2))

# dimnames
b <- array(1:8, c(2, 2, 2),
           dimnames = list(R = c("r1", "r2"), C = c("c1", "c2"), L = c("l1", "l2")))
b
b["r1", "c2", "l2"]
b[, , "l2"]
b["r1", , ]
b[, "c1", "l1", drop = FALSE]
dimnames(b)
d <- array(c(1.5, 2, 3), c(2, 2, 2), dimnames = list(c("a", "b"), c("x", "y"), c("P", "Q")))
d
d[, "x", ]
e <- array(1:8, c(2, 2, 2), dimnames = list(c("a", "b")))
e
dimnames(e)

# Assignment
a[1, 1, ] <- 0L
a[, 2, ] <- c(100L, 200L)
a[[2, 1, 4]] <- -5L
a[cbind(1, 3, 3)] <- 99L
a[, , 3]
a[2, , ] <- 7.5
typeof(a)
a[, , 1]
x <- 1:8
dim(x) <- c(2, 2, 2)
x
dim(x) <- NULL
x

# Arithmetic keeps dims
m <- array(1:12, c(2, 3, 2))
m * 2
m + m
-m[, , 1]
m %% 5 == 0
sum(m); mean(m); max(m); range(m)
which(m > 10)
which(m %% 4 == 0, arr.ind = TRUE)

# aperm
aperm(m)
dim(aperm(m, c(3, 1, 2)))
aperm(m, c(3, 1, 2))[, , 2]
aperm(b, c("L", "R", "C"))
identical(aperm(aperm(m, c(2, 3, 1)), c(3, 1, 2)), m)

# apply over margins
apply(m, 1, sum)
apply(m, 2, sum)
apply(m, 3, sum)
apply(m, c(1, 2), sum)
apply(m, c(1, 3), function(v) v * 2)
apply(m, 3, range)
apply(b, "L", sum)
apply(b, c(1, 3), sum)
apply(b, 3, function(s) s[1, ])
apply(b, 1:3, function(v) v * 10)

# slice.index, rowSums, colSums, outer
slice.index(m, 1)[, , 1]
slice.index(m, 3)[2, 3, ]
rowSums(m); colSums(m)
rowSums(m, dims = 2)
colMeans(b)
dim(outer(matrix(1:4, 2), 1:3))
outer(1:2, array(1:4, c(2, 2)))

# Named dimnames on a matrix print with their headers
mm <- matrix(1:4, 2, dimnames = list(R = c("a", "b"), C = c("x", "y")))
mm
mm[, "y", drop = FALSE]

# Assignment by names, negative and logical subscripts, with recycling
b2 <- b
b2["r1", , "l1"] <- c(10L, 20L)
b2[-1, "c2", ] <- 0L
b2[c(FALSE, TRUE), c(TRUE, FALSE), "l2"] <- 99L
b2
b2[, , "l1", drop = FALSE]
g <- array(0, c(3, 3, 2))
g[2, , ] <- 1:6
g[, 2, 2] <- NA
g
tryCatch(g[, , 1] <- 1:2, error = function(e) conditionMessage(e))
tryCatch(g[c(1, NA), 1, 1] <- 1:2, error = function(e) conditionMessage(e))
g[c(1, NA), 1, 1] <- 5
g[, 1, 1]
