make_counter <- function() { count <- 0; function(by = 1) { count <<- count + by; invisible(count) } }
cnt <- make_counter()
for (i in 1:1000) cnt(i %% 3)
print(environment(cnt)$count)
queue_sim <- function(n_customers, rate_arrive, rate_serve) {
  t_arrive <- cumsum(rexp(n_customers, rate_arrive))
  t_service <- rexp(n_customers, rate_serve)
  start <- numeric(n_customers); finish <- numeric(n_customers)
  for (i in seq_len(n_customers)) {
    start[i] <- if (i == 1) t_arrive[i] else max(t_arrive[i], finish[i - 1])
    finish[i] <- start[i] + t_service[i]
  }
  wait <- start - t_arrive
  list(mean_wait = mean(wait), max_wait = max(wait), busy = sum(t_service) / finish[n_customers])
}
set.seed(123)
res <- queue_sim(5000, 1, 1.2)
print(lapply(res, round, 4))
walk <- function(steps) {
  pos <- c(0, 0); visited <- list(); k <- 0
  repeat {
    k <- k + 1
    dir <- sample(4, 1)
    pos <- pos + switch(dir, c(1, 0), c(-1, 0), c(0, 1), c(0, -1))
    visited[[k]] <- pos
    if (k >= steps || sum(abs(pos)) > 10) break
  }
  list(k = k, final = pos, uniq = length(unique(visited)))
}
str_walks <- vapply(1:20, function(i) { w <- walk(200); sprintf("%3d:%3d(%2d,%2d)", w$k, w$uniq, w$final[1], w$final[2]) }, "")
print(str_walks)
stopifnot(length(str_walks) == 20, is.character(str_walks))
primes <- function(n) { p <- 2:n; i <- 1; while (i <= length(p)) { p <- p[p == p[i] | p %% p[i] != 0]; i <- i + 1 }; p }
print(primes(100))
print(setdiff(1:20, primes(20))); print(union(c(1, 2), c(2, 3))); print(intersect(letters[1:5], c("b", "d", "z")))
x <- c(5, 3, 5, 1, 3, 5)
print(rank(x)); print(order(x, decreasing = TRUE)); print(rev(sort(unique(x)))); print(table(x))
print(which(x == max(x))); print(match(c(3, 7), x)); print(c(3, 7) %in% x)
m <- matrix(1:12, 3)
m[m %% 2 == 0] <- 0L
print(m); print(m[2, ]); print(m[, 2, drop = FALSE]); print(dim(t(m)))
acc <- NULL
for (i in 1:3) acc <- rbind(acc, c(i, i^2))
print(acc)
message("done with ", nrow(acc), " rows")
fact <- function(n) if (n <= 1) 1 else n * Recall(n - 1)
print(fact(10))
print(nchar(c("apple", "kiwi", NA))); print(substring("abcdef", 1:3, 3:5))
print(sprintf("%s has %d chars", c("apple", "kiwi"), nchar(c("apple", "kiwi"))))
