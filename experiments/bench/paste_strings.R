# Strings built with paste0: run-length encoding and decoding of generated
# text, a small fixed-width text report built line by line, and a word
# frequency pass over strsplit tokens; checked with nchar and a polynomial
# hash over characters (substr + match against a symbol table).
symbols <- c(letters, LETTERS, as.character(0:9), " ", ".", ",", "-", ":", "|")

text_hash <- function(s) {
  h <- 0
  for (i in seq_len(nchar(s))) {
    code <- match(substr(s, i, i), symbols, nomatch = 0L)
    h <- (h * 31 + code) %% 1000003
  }
  h
}

make_text <- function(n) {
  # runs of letters with lengths from a small LCG
  state <- 17L
  out <- ""
  for (k in seq_len(n)) {
    state <- (state * 171L) %% 30269L
    ch <- letters[1L + state %% 6L]
    len <- 1L + state %% 5L
    out <- paste0(out, paste(rep(ch, len), collapse = ""))
  }
  out
}

rle_encode <- function(s) {
  n <- nchar(s)
  if (n == 0L) return("")
  out <- ""
  current <- substr(s, 1L, 1L)
  count <- 1L
  for (i in 2:n) {
    ch <- substr(s, i, i)
    if (ch == current) {
      count <- count + 1L
    } else {
      out <- paste0(out, count, current)
      current <- ch
      count <- 1L
    }
  }
  paste0(out, count, current)
}

rle_decode <- function(code) {
  out <- ""
  digits <- ""
  for (i in seq_len(nchar(code))) {
    ch <- substr(code, i, i)
    if (ch %in% as.character(0:9)) {
      digits <- paste0(digits, ch)
    } else {
      out <- paste0(out, paste(rep(ch, as.integer(digits)), collapse = ""))
      digits <- ""
    }
  }
  out
}

make_report <- function(names, values) {
  lines <- character(0)
  header <- paste0(sprintf("%-10s", "name"), "|", sprintf("%10s", "value"), "|", " bar")
  lines <- c(lines, header, paste(rep("-", nchar(header)), collapse = ""))
  for (k in seq_along(names)) {
    bar <- paste(rep("#", values[k] %/% 5), collapse = "")
    line <- paste0(sprintf("%-10s", names[k]), "|",
                   sprintf("%10.2f", values[k] / 3), "| ", bar)
    lines <- c(lines, line)
  }
  paste(lines, collapse = "\n")
}

word_counts <- function(text, vocab) {
  words <- strsplit(text, " ", fixed = TRUE)[[1]]
  counts <- integer(length(vocab))
  for (w in words) {
    k <- match(w, vocab)
    if (!is.na(k)) counts[k] <- counts[k] + 1L
  }
  counts
}

run <- function() {
  text <- make_text(1500L)
  code <- rle_encode(text)
  back <- rle_decode(code)
  names <- paste0("item", seq_len(120))
  values <- (seq_len(120) * 37L) %% 97L
  report <- make_report(names, values)
  vocab <- c("ab", "ba", "cab", "dead", "fe")
  sentence <- ""
  for (v in rep(vocab, 100)) sentence <- paste(sentence, v, toupper(substr(v, 1, 1)))
  wc <- word_counts(sentence, vocab)
  c(nchar(text), nchar(code), identical(back, text), text_hash(code),
    nchar(report), text_hash(report), wc)
}

print(run())
