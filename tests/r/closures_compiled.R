scale_all <- function(x, k) {
  total <- 0
  for (i in seq_along(x)) total <- total + x[i]
  r <- sapply(x, function(v) v * k + total)
  sum(r)
}
counter_loop <- function(n) {
  count <- 0
  bump <- function(by) count <<- count + by
  for (i in 1:n) { bump(i %% 3); if (count > 1e9) break }
  count
}
make_adders <- function(n) {
  fs <- vector("list", n)
  for (i in 1:n) { local_i <- i; fs[[i]] <- function(x) x + i }
  s <- 0
  for (f in fs) s <- s + f(1)
  s
}
captured_loop_var <- function(xs, ys) {
  total <- 0
  for (x in xs) total <- total + sum(sapply(ys, function(y) x * y))
  total
}
keeper <- NULL
err_after <- function(a) {
  x <- 1
  keeper <<- function() x
  for (i in 1:50) x <- x + a
  x <- x * 2
  y <- x + "a"
  y
}
acc <- function(v) { tot <- 0; add <- function(z) tot <<- tot + z; for (e in v) add(e); tot }
for (k in 1:300) {
  a <- scale_all(c(1.5, 2, 3), 2); b <- counter_loop(50L); c1 <- make_adders(5L)
  d <- captured_loop_var(c(1, 2), c(3, 4)); e <- acc(1:10)
}
print(a); print(b); print(c1); print(d); print(e)
print(counter_loop(20000L))
print(acc(c(0.5, 1.5)))
r <- tryCatch(err_after(2), error = function(e) "caught")
print(r); print(keeper())
for (k in 1:200) r <- tryCatch(err_after(k), error = function(e) "caught")
print(keeper())
