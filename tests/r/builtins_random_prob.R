# sample with prob: ProbSampleReplace (revsort), Walker alias (> 200 likely values), no replacement
set.seed(2)
p <- c(0.1, 0.2, 0.3, 0.2, 0.2)
print(sample(5, 20, replace = TRUE, prob = p))
print(sample(5, 3, prob = p))
print(sample(5, prob = p))
print(sample(c("lo", "mid", "hi"), 10, TRUE, prob = c(1, 2, 7)))
print(sample(4, 8, TRUE, prob = c(1, 1, 1, 1)))
print(sample(4, 3, prob = c(0, 1, 1, 2)))
print(sample(6, 10, TRUE, prob = c(3L, 0L, 1L, 1L, 0L, 5L)))
print(sample(3, 2, prob = c(TRUE, TRUE, FALSE), replace = TRUE))
w <- rep(1, 300)
print(sample(300, 10, TRUE, prob = w))
w2 <- (1:500)^2
print(sample(500, 15, TRUE, prob = w2))
print(sample(250, 12, TRUE, prob = c(rep(1, 200), rep(50, 50))))
print(sample(1000, 5, prob = 1:1000))
for (s in 1:20) {
  set.seed(s)
  a <- sample(10, 10000, TRUE, prob = 1:10)
  b <- sample(400, 10000, TRUE, prob = 400:1)
  d <- sample(50, 25, prob = (1:50) %% 7 + 1)
  cat(s, ":", sum(a * (1:10000 %% 13)), sum(b), sum(d * 1:25), "\n")
}
