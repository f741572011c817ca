# Fasta (Computer Language Benchmarks Game): generates DNA sequences by copying
# from a repeat string and by weighted random selection with the benchmark's own
# LCG; returns per-symbol counts and a line checksum instead of the text.
IM <- 139968L
IA <- 3877L
IC <- 29573L
last <- 42L

gen_random <- function(max) {
  last <<- (last * IA + IC) %% IM
  max * last / IM
}

alu <- paste0("GGCCGGGCGCGGTGGCTCACGCCTGTAATCCCAGCACTTTGG",
              "GAGGCCGAGGCGGGCGGATCACCTGAGGTCAGGAGTTCGAGA",
              "CCAGCCTGGCCAACATGGTGAAACCCCGTCTCTACTAAAAAT")

iub_syms <- c("a", "c", "g", "t", "B", "D", "H", "K", "M", "N", "R", "S", "V", "W", "Y")
iub_probs <- c(0.27, 0.12, 0.12, 0.27, rep(0.02, 11))
homo_syms <- c("a", "c", "g", "t")
homo_probs <- c(0.3029549426680, 0.1979883004921, 0.1975473066391, 0.3015094502008)

cumulative <- function(p) {
  acc <- 0
  cp <- numeric(length(p))
  for (i in seq_along(p)) {
    acc <- acc + p[i]
    cp[i] <- acc
  }
  cp
}

repeat_fasta <- function(src, n, width) {
  len <- nchar(src)
  pos <- 1L
  lines <- 0L
  total <- 0L
  while (n > 0L) {
    m <- if (n < width) n else width
    line <- ""
    remaining <- m
    while (remaining > 0L) {
      take <- len - pos + 1L
      if (take > remaining) take <- remaining
      line <- paste0(line, substr(src, pos, pos + take - 1L))
      pos <- pos + take
      if (pos > len) pos <- 1L
      remaining <- remaining - take
    }
    lines <- lines + 1L
    total <- total + nchar(line)
    n <- n - m
  }
  c(lines, total)
}

random_fasta <- function(syms, probs, n) {
  cp <- cumulative(probs)
  k <- length(cp)
  counts <- integer(k)
  for (i in 1:n) {
    r <- gen_random(1)
    j <- 1L
    while (j < k && r >= cp[j]) j <- j + 1L
    counts[j] <- counts[j] + 1L
  }
  names(counts) <- syms
  counts
}

run <- function() {
  last <<- 42L
  n <- 2500L
  rep_info <- repeat_fasta(alu, 2L * n, 60L)
  iub <- random_fasta(iub_syms, iub_probs, 3L * n)
  homo <- random_fasta(homo_syms, homo_probs, 5L * n)
  c(rep_info, iub, homo, last = last)
}

print(run())
