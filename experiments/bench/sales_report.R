# A sales report from simulated transactions: 10000 sales drawn with sample()
# (stores, products with unequal popularity, days), quantities by rpois,
# discounts by rbinom; revenue per store and per product (tapply), a store x
# product revenue matrix with dimnames filled from split(), the best product of
# each store by max.col, 7- and 28-day moving averages over a year, quantity counts by table, and
# a fixed-width text report formatted with formatC and format(digits).

make_sales <- function(n) {
  stores <- c("Aberdeen", "Bristol", "Cardiff", "Dover", "Exeter")
  products <- c("apples", "bread", "cheese", "dates", "eggs", "flour")
  price <- c(apples = 0.45, bread = 1.20, cheese = 3.75, dates = 2.10,
             eggs = 0.25, flour = 0.95)
  store <- sample(stores, n, replace = TRUE)
  product <- sample(products, n, replace = TRUE,
                    prob = c(0.25, 0.2, 0.1, 0.05, 0.3, 0.1))
  qty <- rpois(n, 3) + 1L
  discount <- rbinom(n, 1, 0.15)
  revenue <- qty * price[product] * (1 - 0.2 * discount)
  day <- sample.int(364, n, replace = TRUE)
  list(store = store, product = product, qty = qty, revenue = unname(revenue),
       day = day, stores = stores, products = products)
}

revenue_matrix <- function(s) {
  m <- matrix(0, length(s$stores), length(s$products),
              dimnames = list(s$stores, s$products))
  by_store <- split(seq_along(s$store), s$store)
  for (st in names(by_store)) {
    idx <- by_store[[st]]
    per_product <- tapply(s$revenue[idx], s$product[idx], sum)
    m[st, names(per_product)] <- per_product
  }
  m
}

moving_average <- function(x, k) {
  n <- length(x)
  out <- rep(NA_real_, n)
  for (i in k:n) {
    total <- 0
    for (j in (i - k + 1):i) total <- total + x[j]
    out[i] <- total / k
  }
  out
}

run <- function() {
  set.seed(2001)
  op <- options(digits = 6)
  on.exit(options(op))
  s <- make_sales(10000)
  by_store <- tapply(s$revenue, s$store, sum)
  by_product <- sort(tapply(s$revenue, s$product, sum), decreasing = TRUE)
  m <- revenue_matrix(s)
  best <- colnames(m)[max.col(m, ties.method = "first")]
  daily <- tapply(s$revenue, s$day, sum)
  ma <- moving_average(as.vector(daily), 7)
  ma28 <- moving_average(as.vector(daily), 28)
  weekly <- tapply(as.vector(daily), (seq_along(daily) - 1) %/% 7, sum)
  qty_counts <- table(pmin(s$qty, 8L))
  lines <- c(paste(formatC("store", width = -10), formatC("revenue", width = 10),
                   formatC("share", width = 7), " best"),
             paste(formatC(names(by_store), width = -10),
                   formatC(as.vector(by_store), format = "f", digits = 2, width = 10),
                   formatC(100 * as.vector(by_store) / sum(by_store), format = "f",
                           digits = 1, width = 6), "%", best))
  c(lines,
    paste("products:", paste(names(by_product), collapse = " > ")),
    paste("matrix check:", format(abs(sum(m) - sum(s$revenue)) < 1e-9),
          format(max(m)), format(min(m))),
    paste("moving average:", paste(format(ma[c(7, 100, 200, 364)]), collapse = " ")),
    paste("28 days:", paste(format(range(ma28, na.rm = TRUE)), collapse = " to "),
          "best week", which.max(weekly), "of", length(weekly)),
    paste("quantities:", paste(names(qty_counts), as.vector(qty_counts),
                               sep = "=", collapse = " ")))
}

print(run())
