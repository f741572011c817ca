# for / while / repeat with break and next.
s <- 0
for (i in 1:10) {
  if (i %% 2 == 0) next
  s <- s + i
}
print(s)
i <- 0
while (TRUE) {
  i <- i + 1
  if (i >= 7) break
}
print(i)
n <- 0
repeat {
  n <- n + 3
  if (n > 20) break
}
print(n)
for (ch in c("a", "b", "c")) cat(ch, "")
cat("\n")
for (el in list(1, "two", TRUE)) print(el)
v <- 1:3
for (k in v) v <- c(v, k)
print(v)
for (i in seq_len(0)) print("never")
print(i)
k <- 10
while (k > 0) k <- k - 4
print(k)
for (i in 1:3) for (j in 1:2) cat(i, j, "\n")
x <- for (i in 1:3) i
print(x)
for (z in c(1.5, 2.5)) print(z)
