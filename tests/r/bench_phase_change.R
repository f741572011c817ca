# Phase-change sum: the element type changes int -> double -> complex -> double.
x <- 1:10
s <- 0L
for (i in seq_along(x)) s <- s + x[i]
print(s); print(typeof(s))
x[11] <- 2.5
s2 <- 0
for (v in x) s2 <- s2 + v
print(s2); print(typeof(x))
x[12] <- 1i
s3 <- 0
for (v in x) s3 <- s3 + v
print(s3); print(typeof(x))
x <- Re(x)
s4 <- 0
for (v in x) s4 <- s4 + v
print(s4); print(typeof(x))
acc <- 0L
for (i in 1:30) {
  acc <- if (i <= 10) acc + 1L else if (i <= 20) acc + 0.5 else if (i <= 25) acc + 1i else Re(acc) + 2
}
print(acc); print(typeof(acc))
