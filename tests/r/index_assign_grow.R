# Assignment forms: growing vectors, [[<-, names<-, dim<-, attr<-, class<-.
x <- c(1, 2, 3)
x[10] <- 1
print(x)
y <- integer(0)
y[3] <- 5L
print(y)
z <- 1:3
z[2] <- 2.5
print(z)
z[[1]] <- 100
print(z)
w <- c(a = 1)
w["b"] <- 2
print(w)
names(w) <- c("first", "second")
print(w)
names(w)[2] <- "SECOND"
print(w)
v <- 1:6
dim(v) <- c(2, 3)
print(v)
attr(v, "dim") <- NULL
print(v)
s <- "a"
s[3] <- "c"
print(s)
q <- 1:5
q[q > 2] <- 0L
print(q)
q[-1] <- 9L
print(q)
r <- c(1, 2, 3)
r[c(TRUE, FALSE)] <- 0
print(r)
lst <- list()
lst$a <- 1
lst[["b"]] <- "x"
lst$c <- NULL
print(lst)
cl <- 1:2
class(cl) <- "thing"
print(class(cl))
print(inherits(cl, "thing"))
t1 <- 1:3
t1[5] <- "e"
print(t1)
n <- NULL
n[2] <- 1
print(n)
b <- TRUE
b[2] <- 3L
print(b)
