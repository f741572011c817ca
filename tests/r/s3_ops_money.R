# A money class: amounts in cents, with arithmetic and comparison methods.
money <- function(amount, currency = "EUR") {
  structure(list(cents = round(amount * 100), currency = currency), class = "money")
}
print.money <- function(x, ...) {
  cat(sprintf("%s %.2f\n", x$currency, x$cents / 100))
  invisible(x)
}
format.money <- function(x, ...) sprintf("%.2f %s", x$cents / 100, x$currency)

same_currency <- function(a, b) {
  if (a$currency != b$currency)
    stop("cannot combine ", a$currency, " and ", b$currency)
}

"+.money" <- function(e1, e2) {
  if (missing(e2)) return(e1)
  if (is.numeric(e1)) e1 <- money(e1, e2$currency)
  if (is.numeric(e2)) e2 <- money(e2, e1$currency)
  same_currency(e1, e2)
  structure(list(cents = e1$cents + e2$cents, currency = e1$currency), class = "money")
}
"-.money" <- function(e1, e2) {
  if (missing(e2)) {
    e1$cents <- -e1$cents
    return(e1)
  }
  e1 + (-e2)
}
"*.money" <- function(e1, e2) {
  if (inherits(e1, "money") && inherits(e2, "money")) stop("cannot multiply money by money")
  if (is.numeric(e1)) { t <- e1; e1 <- e2; e2 <- t }
  money(e1$cents * e2 / 100, e1$currency)
}
"/.money" <- function(e1, e2) {
  if (inherits(e2, "money")) return(e1$cents / e2$cents)
  money(e1$cents / e2 / 100, e1$currency)
}
"==.money" <- function(e1, e2) e1$cents == e2$cents && e1$currency == e2$currency
"!=.money" <- function(e1, e2) !(e1 == e2)
"<.money" <- function(e1, e2) { same_currency(e1, e2); e1$cents < e2$cents }
">.money" <- function(e1, e2) e2 < e1

price <- money(19.99)
tax <- money(3.8)
price
price + tax
price - tax
-price
+price
price * 3
2 * price
price / 4
price / tax
m <- price + 1
print(m)
print(1 + price)
print(format(price + 0.01))

if (price == money(19.99)) cat("equal prices\n")
if (price != tax) cat("different prices\n")
if (tax < price) cat("tax is smaller\n")
print(price > tax)
print(identical(price + tax, tax + price))

total <- Reduce(`+`, list(money(1), money(2.5), money(0.25)))
print(total)
print(sapply(list(price, tax, total), function(p) (p * 2)$cents))
print(do.call("-", list(price, tax)))
print(`+`(price, tax))

r <- tryCatch(price + money(1, "USD"), error = function(e) conditionMessage(e))
print(r)
r <- tryCatch(price * price, error = function(e) conditionMessage(e))
print(r)

# A list of payments summed in a loop, and the largest found by comparison.
payments <- lapply(c(12.5, 7.25, 30, 0.99), money)
sum_money <- function(ps) {
  s <- money(0)
  for (p in ps) s <- s + p
  s
}
print(sum_money(payments))
largest <- payments[[1]]
for (p in payments) if (largest < p) largest <- p
print(largest)
