# NextMethod from an operator method reaches the internal operator; on a
# list-based object that is R's error, named after the default method.
ledger <- function(...) structure(list(...), class = "ledger")
"+.ledger" <- function(e1, e2) {
  if (is.numeric(e2)) return(do.call(ledger, as.list(unlist(unclass(e1)) + e2)))
  NextMethod()
}
"==.ledger" <- function(e1, e2) {
  cat("comparing ledgers\n")
  NextMethod()
}
a <- ledger(1, 2)
b <- ledger(3, 4)
print(unlist(a + 10))
x <- structure(c(1, 2), class = "ledger")
print(x == x)
total <- function(p, q) {
  s <- p + q
  s
}
total(a, b)
