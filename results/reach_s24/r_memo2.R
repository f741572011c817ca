memo <- new.env()
collatz_len <- function(n) {
  key <- as.character(n)
  if (!is.null(memo[[key]])) return(memo[[key]])
  len <- if (n == 1) 1 else 1 + collatz_len(if (n %% 2 == 0) n / 2 else 3 * n + 1)
  memo[[key]] <- len
  len
}
best <- 0; arg <- 0
for (i in 1:12000) { l <- collatz_len(i); if (l > best) { best <- l; arg <- i } }
print(c(arg, best))
