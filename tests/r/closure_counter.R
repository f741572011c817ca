# Closures: counters and accumulators with <<-.
make_counter <- function() {
  count <- 0
  function() {
    count <<- count + 1
    count
  }
}
c1 <- make_counter()
c2 <- make_counter()
c1(); c1()
print(c1())
print(c2())
make_acc <- function(total = 0) function(x) { total <<- total + x; total }
acc <- make_acc(10)
acc(5)
print(acc(7))
bank <- function(balance) {
  list(deposit = function(x) balance <<- balance + x,
       get = function() balance)
}
acct <- bank(100)
acct$deposit(50)
acct$deposit(25)
print(acct$get())
