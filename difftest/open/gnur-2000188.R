G1 <- 0.5
useg1 <- function(x) (--3L)
out <- NULL
for (i in 1:120) {
  r <- useg1(i)
  if (i == 49L) G1 <- -.Machine$integer.max
  if (i %% 24L == 0L) out <- c(out, r)
}
print(r); print(out)
lv2 <- function(v, t) {
  i <- 0L
  while ((i <- i + 1L) <= length(v)) if (v[i] >= t) break
  i
}
x2 <- (1:1310) / 3
for (rep in 1:120) r <- tryCatch(lv2(x2, -1), error = function(e) paste("E:", conditionMessage(e)))
print(r)
for (rep in 1:60) r <- tryCatch(lv2(x2, 0.5), error = function(e) paste("E:", conditionMessage(e)))
print(r)
print(tryCatch(lv2(x2, 10L), error = function(e) paste("E:", conditionMessage(e))))
for (rep in 1:30) r <- tryCatch(lv2(x2, -1), error = function(e) paste("E:", conditionMessage(e)))
print(r)
print(tryCatch(lv2(x2, 10L), error = function(e) paste("E:", conditionMessage(e))))
print(tryCatch(lv2(numeric(0), 1), error = function(e) paste("E:", conditionMessage(e))))
t <- 0.1
u <- NULL
for (i in 1:60) {
  t <- abs(min(abs(i), (i %% t)))
  if (i == 15L) t <- 0
  if (is.na(t)) u <- c(u, i)
}
print(t); print(i); print(length(u))
m4 <- matrix(0.5, 8, 2)
m40 <- m4
acc <- 0L
for (rep in 1:21) {
  for (i in 1:nrow(m4)) {
    for (j in 1:ncol(m4)) {
      m4[i, j] <- 1e-310
      if (!is.na(m4[i, j]) && is.numeric(m4[i, j])) acc <- acc + 1L
    }
  }
}
print(m4)
print(m40)
print(acc)
