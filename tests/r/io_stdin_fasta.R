# Shootout style: read FASTA from standard input (knucleotide, revcomp).
con <- file("stdin")
lines <- readLines(con)
close(con)
cat(length(lines), "lines\n")
headers <- which(substr(lines, 1, 1) == ">")
print(headers)
seqs <- character(0)
for (k in seq_along(headers)) {
  from <- headers[k] + 1
  to <- if (k < length(headers)) headers[k + 1] - 1 else length(lines)
  seqs[k] <- toupper(paste(lines[from:to], collapse = ""))
}
names(seqs) <- sub_names <- sapply(strsplit(lines[headers], " ", fixed = TRUE), function(p) substring(p[1], 2))
print(nchar(seqs))
freq <- function(s, k) {
  n <- nchar(s) - k + 1
  counts <- list()
  for (i in 1:n) {
    key <- substr(s, i, i + k - 1)
    counts[[key]] <- if (is.null(counts[[key]])) 1 else counts[[key]] + 1
  }
  v <- unlist(counts)
  v <- v[order(-v, names(v))]
  v
}
f1 <- freq(seqs[["THREE"]], 1)
for (nm in names(f1)) cat(sprintf("%s %.3f\n", nm, 100 * f1[[nm]] / sum(f1)))
f2 <- freq(seqs[["THREE"]], 2)
print(head(f2, 5))
comp <- c(A = "T", C = "G", G = "C", T = "A", N = "N")
revcomp <- function(s) {
  ch <- strsplit(s, "", fixed = TRUE)[[1]]
  out <- comp[rev(ch)]
  out[is.na(out)] <- "N"
  paste(out, collapse = "")
}
rc <- revcomp(seqs[["ONE"]])
for (i in seq(1, nchar(rc), by = 60)) writeLines(substr(rc, i, min(i + 59, nchar(rc))))
con <- file("stdin", "r")
rest <- readLines(con)
close(con)
print(rest)
