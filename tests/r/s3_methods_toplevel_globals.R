# Methods that read and assign globals which a hot top-level loop assigns
# too: each call must see the loop's current values, and its own updates
# must survive the loop.
account <- function(balance) structure(list(balance = balance), class = "account")
fee <- 1
accesses <- 0
"$.account" <- function(x, name) {
  accesses <<- accesses + 1
  unclass(x)[[name]] - fee
}
"$<-.account" <- function(x, name, value) {
  accesses <<- accesses + 1
  y <- unclass(x)
  y[[name]] <- value + fee
  structure(y, class = "account")
}
"+.account" <- function(e1, e2) {
  accesses <<- accesses + 1
  account(unclass(e1)$balance + e2 * fee)
}
a <- account(100)
seen <- 0
for (i in 1:400) {
  fee <- i %% 3
  seen <- seen + a$balance
  if (i %% 100 == 0) {
    a$balance <- 100
    accesses <- accesses + 1000
  }
  a <- a + 1
}
cat(seen, accesses, unclass(a)$balance, "\n")
