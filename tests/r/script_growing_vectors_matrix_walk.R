# vector-growing loop and a matrix walk, typical of beginner code
x <- c()
for (i in 1:5000) x <- c(x, i^2 %% 97)
print(sum(x))
m <- matrix(0, 60, 60)
for (i in 1:60) for (j in 1:60) m[i, j] <- (i * j) %% 7
tot <- 0
for (i in 2:59) for (j in 2:59) {
  nb <- m[i-1, j] + m[i+1, j] + m[i, j-1] + m[i, j+1]
  if (nb > 10) tot <- tot + 1
}
print(tot)
words <- c("apple", "banana", "cherry", "date", "elderberry")
lens <- integer(0)
for (w in rep(words, 2000)) lens[length(lens) + 1] <- nchar(w)
print(table(lens))
l <- list()
for (i in 1:3000) l[[i]] <- list(id = i, sq = i * i)
print(sum(sapply(l, function(e) e$sq)))
