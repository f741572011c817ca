f <- function(x) x + 1
acc <- 0L
total <- 0
vals <- c(1.5, 2.5, 3.5)
for (k in 1:30000) {
  acc <- acc + 1L
  if (k == 10000) f <- function(x) x * 2
  if (k == 20000) acc <- as.double(acc)
  if (k == 25000) acc <- as.character(acc)
  total <- total + f(k %% 7)
  for (v in vals) total <- total + v
  if (is.character(acc)) acc <- as.double(acc)
}
print(acc); print(total); print(k); print(v)
g <- function() counter <<- counter + 1
counter <- 0
i <- 0
while (i < 20000) { i <- i + 1; g(); if (i %% 5000 == 0) cat(i, counter, "\n") }
print(counter)
x <- numeric(0)
for (j in 1:10000) x[j] <- j / 2
print(sum(x))
repeat { i <- i - 3; if (i < 5) break }
print(i)
# A global assigned only inside the loop, read by later statements.
for (k in 1:20000) { tmp <- k * 2; last_seen <- k }
print(tmp); print(last_seen)
# Nested top-level loops over doubles, characters and lists, with break/next.
words <- c("alpha", "beta", "gamma")
out <- ""
for (w in words) for (r in 1:3000) { if (r %% 1000 != 0) next; out <- paste0(out, substr(w, 1, 1)) }
print(out)
items <- list(1L, 2.5, "x", NULL, c(1, 2))
cnt <- 0
for (rep in 1:4000) for (it in items) { if (is.null(it)) break; cnt <- cnt + length(it) }
print(cnt); print(it)
z <- 0
while (TRUE) { z <- z + 0.25; if (z >= 5000) break }
print(z)
# A vector filled in place at top level; an alias made before the loop keeps
# its old contents (copy-on-write), and a type change mid-loop is honoured.
v <- numeric(30000)
alias <- v
for (i in seq_along(v)) v[i] <- i / 4
print(sum(v)); print(sum(alias))
w <- integer(30000)
for (i in 1:30000) { w[i] <- i; if (i == 20000) w[i] <- 0.5 }
print(sum(w)); print(typeof(w))
