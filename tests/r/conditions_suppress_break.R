# break and next leaving suppressWarnings / suppressMessages end them there.
f <- function(xs) {
  out <- c()
  for (x in xs) {
    v <- suppressWarnings({
      n <- as.numeric(x)
      if (is.na(n)) next
      if (n > 100) break
      n
    })
    out <- c(out, v)
  }
  warning("end of f")
  out
}
f(c("1", "a", "3", "500", "7"))
r <- withVisible({ for (i in 1:3) if (i == 2) break; i })
r
i <- 0
repeat { i <- i + 1; suppressMessages({ message("hidden"); if (i >= 3) break }) }
message("visible ", i)
