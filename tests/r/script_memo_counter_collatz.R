# memoised recursion with an environment, and a closure counter
memo <- new.env()
fibm <- function(n) {
  key <- as.character(n)
  if (!is.null(memo[[key]])) return(memo[[key]])
  r <- if (n <= 2) 1 else fibm(n - 1) + fibm(n - 2)
  memo[[key]] <- r
  r
}
print(fibm(80))
make_counter <- function() { i <- 0; function() { i <<- i + 1; i } }
cnt <- make_counter()
for (k in 1:50000) cnt()
print(cnt())
collatz <- function(n) { steps <- 0L; while (n != 1) { n <- if (n %% 2 == 0) n / 2 else 3 * n + 1; steps <- steps + 1L }; steps }
best <- 0L; arg <- 0
for (s in 1:30000) { c <- collatz(s); if (c > best) { best <- c; arg <- s } }
cat(arg, best, "\n")
