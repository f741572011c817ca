# cor, cov (Pearson), rank
x <- c(1.5, 2.25, 3, 4.75, 5, 7.125)
y <- c(2, 4.5, 5.25, 9, 9.5, 15)
print(cor(x, y)); print(cov(x, y)); print(cor(x, y), digits = 17); print(cov(x, y), digits = 17)
print(cor(1:10, (1:10)^2)); print(cor(1:10, 10:1)); print(cor(1:10, 2 * (1:10)) == 1)
print(cov(1:5, c(2, 4, 6, 8, 11))); print(cov(c(TRUE, FALSE, TRUE), c(1, 2, 4)))
print(cor(c(a = 1, b = 2, c = 3), c(3, 1, 2)))
print(cor(c(1, 2, NA), c(2, 3, 4))); print(cov(c(1, 2, NaN), c(2, 3, 4)))
print(cor(c(1, 2, NA, 4), c(2, 3, 4, 1), use = "complete.obs"))
print(cov(c(1, 2, NA, 4, 8), c(2, NA, 4, 1, 0), use = "complete"))
print(cor(c(1, NA), c(NA, 2), use = "na.or.complete"))
print(cor(numeric(0), numeric(0))); print(cor(1, 2)); print(cov(5, 3))
z <- cor(c(1, 1, 1), c(1, 2, 3))
print(z)
set.seed(1)
u <- runif(50); v <- u + rnorm(50, sd = 0.3)
print(cor(u, v), digits = 15); print(cov(u, v), digits = 15)
print(cor(1e10 + (1:5), c(1, 3, 2, 5, 4)), digits = 15)
m <- matrix(c(1, 2, 3, 4, 2, 4, 1, 3, 5, 5, 6, 1), 4, dimnames = list(NULL, c("a", "b", "c")))
print(cor(m)); print(cov(m)); print(cor(m, 1:4)); print(cov(1:4, m))
print(cor(m, m[, 2:3]))
m2 <- matrix(c(1, NA, 3, 4, 2, 4, 1, 3), 4)
print(cor(m2)); print(cov(m2, use = "complete.obs"))
for (s in c("x must", "y must", "both", "dims", "use", "allobs", "nopairs")) {
  r <- tryCatch(switch(s,
    "x must" = cor("a", 1), "y must" = cov(1:3, "b"), both = cor(1:3),
    dims = cor(1:3, 1:4), use = cor(1:3, 1:3, use = "foo"),
    allobs = cov(c(1, NA, 3), 1:3, use = "all.obs"),
    nopairs = cor(c(NA, NA), c(1, 2), use = "complete.obs")),
    error = function(e) conditionMessage(e))
  print(r)
}
print(rank(c(10, 20, 10, 30, 20)))
print(rank(c(b = 2, a = 1, c = 2)))
for (tm in c("average", "first", "last", "min", "max")) print(rank(c(3, 1, 3, 1, 2, 3), ties.method = tm))
print(rank(c(2, NA, 1, NA))); print(rank(c(2, NA, 1), na.last = "keep")); print(rank(c(2, NA, 1), na.last = FALSE)); print(rank(c(x = 2, y = NA, z = 1), na.last = NA))
print(rank(c(2, NA, 2), ties.method = "min")); print(rank(c(2, NA, 2, 1), ties.method = "first", na.last = "keep"))
print(rank(c("b", "a", "c", "a"))); print(rank(c(TRUE, FALSE, TRUE))); print(rank(integer(0))); print(rank(NULL))
print(rank(c(0, -0, 1))); print(rank(c(Inf, -Inf, 0, NaN)))
print(rank(1:5, ties.method = "f"))
print(typeof(rank(c(1, 2)))); print(typeof(rank(c(1, 2), ties.method = "min")))
r <- tryCatch(rank(1:3, ties.method = "dense"), error = function(e) conditionMessage(e))
print(r)
# in compiled code
f <- function(n) {
  s <- 0
  for (i in 1:n) {
    a <- c(i %% 7, i %% 3, 5, i %% 11, 2)
    b <- c(1, i %% 4, 3, 2, i %% 6)
    s <- s + cor(a, b + 0.5 * (1:5)) + cov(a, b) + sum(rank(a)) + rank(b, ties.method = "max")[2]
  }
  s
}
print(f(330), digits = 12)
