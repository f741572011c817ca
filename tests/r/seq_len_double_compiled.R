# seq_len() of a double count (`n <- 1000` is a double in R) in compiled
# loops: integral doubles, a fractional count (seq_len truncates), zero (no
# iteration), an int count, a top-level loop, and the errors of negative and
# NA counts.
total <- function(n) {
  s <- 0
  for (i in seq_len(n)) s <- s + i * 0.5
  s
}
for (k in 1:300) r <- total(k %% 13 + 1)
print(r)
print(total(1000))
print(total(2.9))
print(total(0))
print(total(7L))
n <- 20000
acc <- 0
for (i in seq_len(n)) acc <- acc + (i %% 7)
print(acc)
res <- tryCatch(total(-1), error = function(e) conditionMessage(e))
print(res)
res <- tryCatch(total(NA_real_), error = function(e) conditionMessage(e))
print(res)
sim <- function(steps) {
  x <- numeric(steps)
  for (t in seq_len(steps - 1)) x[t + 1] <- x[t] + sin(t)
  x[steps]
}
for (k in 1:100) r <- sim(50)
print(r)
print(sim(1e4))
