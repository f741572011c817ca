# k-nucleotide style: environment as a hash table, substr loops, sprintf output
set.seed(3)
seq_str <- paste(sample(c("A", "C", "G", "T"), 20000, replace = TRUE), collapse = "")
count_kmers <- function(s, k) {
  counts <- new.env(hash = TRUE)
  n <- nchar(s)
  for (i in 1:(n - k + 1)) {
    key <- substr(s, i, i + k - 1)
    counts[[key]] <- if (exists(key, envir = counts, inherits = FALSE)) counts[[key]] + 1L else 1L
  }
  counts
}
for (k in 1:2) {
  env <- count_kmers(seq_str, k)
  keys <- ls(env)
  vals <- unlist(mget(keys, envir = env))
  freq <- sort(vals / sum(vals) * 100, decreasing = TRUE)
  for (nm in names(freq)) cat(sprintf("%s %.3f\n", nm, freq[[nm]]))
  cat("\n")
}
env3 <- count_kmers(seq_str, 3)
for (q in c("GGT", "GGTA", "AAA")) {
  if (nchar(q) == 3) cat(sprintf("%d\t%s\n", get0(q, envir = env3, ifnotfound = 0L), q))
}
h <- new.env()
for (w in c("x", "y", "x", "z", "x")) assign(w, get0(w, h, ifnotfound = 0) + 1, envir = h)
v <- unlist(as.list(h)); print(v[order(names(v))])
print(exists("y", h)); rm("y", envir = h); print(exists("y", envir = h, inherits = FALSE))
print(environmentName(globalenv())); print(is.environment(h))
print(sort(names(eapply(h, function(v) v * 10))))
