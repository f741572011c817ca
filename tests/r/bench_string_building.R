# String building with paste in loops.
s <- ""
for (i in 1:50) s <- paste0(s, i %% 10)
print(s)
print(nchar(s))
words <- character(0)
for (i in 1:26) words[i] <- paste(rep(LETTERS[i], i %% 4 + 1), collapse = "")
print(paste(words, collapse = " "))
csv <- paste(sapply(1:5, function(r) paste(r * 1:4, collapse = ",")), collapse = "\n")
cat(csv, "\n")
fizz <- character(30)
for (i in 1:30) fizz[i] <- if (i %% 15 == 0) "FizzBuzz" else if (i %% 3 == 0) "Fizz" else if (i %% 5 == 0) "Buzz" else as.character(i)
cat(fizz, sep = " "); cat("\n")
h <- 0
for (ch in strsplit(s, "")[[1]]) h <- (h * 31 + strtoi(ch)) %% 1000000007
print(h)
