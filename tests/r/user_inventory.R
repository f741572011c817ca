# inventory simulation, user style
set.seed(42)
items <- c("apple", "banana", "cherry", "date", "elderberry")
stock <- setNames(sample(10:50, length(items)), items)
prices <- c(apple = 0.5, banana = 0.25, cherry = 3, date = 2.5, elderberry = 4)
log_sales <- list()
for (day in 1:30) {
  for (it in items) {
    demand <- rpois(1, 3)
    sold <- min(demand, stock[[it]])
    stock[[it]] <- stock[[it]] - sold
    if (stock[[it]] < 5) stock[[it]] <- stock[[it]] + 20
    log_sales[[length(log_sales) + 1]] <- list(day = day, item = it, sold = sold, revenue = sold * prices[[it]])
  }
}
rev_by_item <- vapply(items, function(i) sum(vapply(Filter(function(s) s$item == i, log_sales), function(s) s$revenue, numeric(1))), numeric(1))
print(round(rev_by_item, 2))
cat(sprintf("%-12s %6.2f\n", names(rev_by_item), rev_by_item), sep = "")
best <- names(which.max(rev_by_item))
cat("Best seller:", best, "\n")
totals <- do.call(rbind, lapply(split(seq_along(log_sales), sapply(log_sales, `[[`, "day")), function(ix) c(n = length(ix), rev = sum(sapply(log_sales[ix], `[[`, "revenue")))))
print(head(totals))
print(range(totals[, "rev"]))
str_out <- paste(formatC(names(stock), width = -10), formatC(stock, width = 4), collapse = "\n")
cat(str_out, "\n")
m <- matrix(0, 5, 5, dimnames = list(items, items))
for (i in seq_along(items)) for (j in seq_along(items)) m[i, j] <- nchar(items[i]) * nchar(items[j]) %% 7
print(m)
print(apply(m, 1, function(r) paste(range(r), collapse = "-")))
fib_memo <- local({ memo <- c(1, 1); function(n) { if (n <= length(memo)) return(memo[n]); r <- fib_memo(n - 1) + fib_memo(n - 2); memo[n] <<- r; r } })
print(fib_memo(50))
x <- Reduce(function(acc, v) acc * 2 + v, 1:20, accumulate = TRUE)
print(tail(x, 3))
s <- 0; i <- 0
while (TRUE) { i <- i + 1; if (i %% 3 == 0) next; s <- s + i; if (s > 1000) break }
print(c(i, s))
sw <- sapply(c("a", "b", "z"), function(k) switch(k, a = "first", b = "second", "other"))
print(sw)
print(mapply(function(a, b) a^b, 1:5, 5:1))
print(outer(1:3, 1:4))
print(format(3.14159, nsmall = 2)); print(format(1234567.891, big.mark = ","))
print(seq(0, 1, by = 0.25)); print(rev(sort(c(3, 1, 2))))
