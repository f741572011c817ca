# A user's script: helpers that summarise, quote and combine are called
# many times in loops (so that they are compiled), and their results are
# collected and printed at the end.
describe <- function(v, label) {
  s <- summary(v)
  spread <- s[["Max."]] - s[["Min."]]
  key <- paste0(sQuote(label, FALSE), ": ", toString(format(s[c(1, 3, 6)], nsmall = 2)))
  list(key = key, spread = spread, mean = s[["Mean"]], text = format(s))
}
pair_sums <- function(v) combn(v, 2, sum)
tidy_names <- function(raw) make.unique(make.names(raw))
standardise <- function(m) {
  z <- scale(m)
  c(norm(z, "F"), attr(z, "scaled:center"))
}
total <- 0
means <- numeric(0)
keys <- character(0)
for (i in 1:300) {
  v <- ((i * 37) %% 101) / 7 + seq_len(5 + i %% 4)
  if (i %% 7 == 0) v[2] <- NA
  d <- describe(v, paste0("s", i))
  total <- total + d$spread
  means <- c(means, d$mean)
  if (i %% 60 == 0) {
    keys <- c(keys, d$key)
    print(summary(v))
    print(noquote(d$text))
  }
}
cat("total spread:", total, "\n")
summary(means)
writeLines(keys)
acc <- 0
for (i in 1:200) {
  ps <- pair_sums(c(i, i + 1, i * 2, 3))
  acc <- acc + sum(ps) + anyDuplicated(ps)
}
acc
nm <- character(0)
for (i in 1:150) {
  nm <- tidy_names(c(nm[length(nm)], paste("col", i %% 3), "", "if"))
}
nm
res <- NULL
for (i in 1:120) {
  m <- matrix(c(i, 2, 5, 7, i %% 5, 4, 1, 9), 4)
  res <- rbind(res, standardise(m))
}
dim(res)
round(colMeans(res), 6)
summary(res[, 1])
shQuote(sprintf("run %d's output", 3L))
dQuote(toString(sort.int(c(3, 1, 2), decreasing = TRUE)), FALSE)
kronecker(diag(2), matrix(1:4, 2)) %x% 1
