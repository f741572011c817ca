# Loops that had never run when their function (or the loop before them) was
# compiled: compiled code hands them to the interpreter, which profiles them
# and compiles them by OSR-in. Sequential loops of different types in one
# function, a loop over an empty sequence, a while loop not entered, and a
# loop reached only on a later call.
phases <- function(n) {
  s <- 0
  i <- 1
  while (i <= n) {
    s <- s + i %% 7
    i <- i + 1
  }
  words <- character(0)
  for (k in 1:(n %/% 1000)) words <- c(words, paste0("w", k))
  cnt <- 0L
  for (w in words) cnt <- cnt + nchar(w)
  z <- 0i
  for (j in 1:n) z <- z + complex(real = j %% 3, imaginary = 1)
  m <- 0L
  for (v in integer(0)) m <- m + v
  while (m > 100L) m <- m - 1L
  list(s, cnt, z, m)
}
print(phases(20000))
late <- function(n, deep) {
  acc <- 0
  for (i in 1:n) acc <- acc + i
  if (deep) {
    j <- 0L
    repeat {
      j <- j + 1L
      acc <- acc - j
      if (j >= 7000L) break
    }
    for (q in seq_len(3000)) acc <- acc + sqrt(q)
  }
  acc
}
for (r in 1:150) x <- late(50, FALSE)
print(x)
print(late(50, TRUE))
print(late(10, TRUE))
top <- 0
for (i in 1:30000) top <- top + i %% 5
lst <- list()
for (i in 1:2000) lst[[i]] <- i * 2
tot <- 0
for (e in lst) tot <- tot + e
print(c(top, tot))
