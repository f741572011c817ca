# building strings and counting characters
words <- c("alpha", "beta", "gamma", "delta", "epsilon")
out <- character(0)
for (i in 1:20000) {
  w <- words[(i %% 5) + 1]
  if (nchar(w) > 4) out[length(out) + 1] <- paste0(w, "_", i)
}
print(length(out)); print(out[1:3])
counts <- integer(26)
s <- paste(rep("thequickbrownfox", 2000), collapse = "")
chars <- strsplit(s, "")[[1]]
for (ch in chars) {
  k <- utf8ToInt(ch) - 96L
  counts[k] <- counts[k] + 1L
}
print(counts)
