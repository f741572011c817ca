# Named vectors: names row over values, with wrapping.
x <- c(a = 1, b = 2, c = 3)
print(x)
y <- c(alpha = 1.5, beta = -2, gamma = 300)
print(y)
z <- 1:26
names(z) <- letters
print(z)
w <- c(first = "a", second = "bb")
print(w)
v <- c(one = TRUE, two = NA)
print(v)
long <- seq(1000, 30000, by = 1000)
names(long) <- paste0("name", 1:30)
print(long)
u <- c(a = 1L, 2L, c = 3L)
print(u)
print(c(x = 1+1i, y = 2-2i))
n <- c(verylongname = 1, s = 2)
print(n)
e <- c(a = 1)[0]
print(e)
