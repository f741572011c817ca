# A zero-length subassignment still raises the target to the value's type,
# as in GNU R (found by generated-program testing against GNU R).
x <- integer(0); x[0] <- 1.5; print(typeof(x)); print(x)
z <- 1:3; z[0] <- "a"; print(z)
w <- c(TRUE, NA); w[0] <- 1L; print(w)
v <- integer(0)
for (i in 1:10) v[length(v)] <- (i * i)^0.5
print(v); print(typeof(v))
n <- NULL; n[0] <- 2; print(n)
q <- 1:3; q[integer(0)] <- character(0); print(q)
