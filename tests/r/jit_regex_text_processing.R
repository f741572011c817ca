# Text processing of the kind R scripts do, in functions called often
# enough to be compiled: counting words, parsing "key = value" lines,
# cleaning and normalizing strings, and extracting numbers.
lines <- c("name = Alice", "age=30", "# a comment", "", "city =  Paris ",
           "score = 9.5", "bad line", "  tags = a,b , c", "AGE = 31")

parse_kv <- function(lines) {
  out <- list()
  for (ln in lines) {
    ln <- trimws(ln)
    if (ln == "" || grepl("^#", ln)) next
    if (!grepl("=", ln, fixed = TRUE)) next
    key <- tolower(trimws(sub("=.*$", "", ln)))
    val <- trimws(sub("^[^=]*=", "", ln))
    out[[key]] <- val
  }
  out
}
for (i in 1:300) cfg <- parse_kv(lines)
print(cfg)
print(strsplit(cfg$tags, "\\s*,\\s*")[[1]])

text <- c("The quick brown fox jumps over the lazy dog.",
          "The dog barks; the fox runs!",
          "A quick, quick fox -- and a lazy, lazy dog?")

word_counts <- function(text) {
  counts <- integer(0)
  for (line in text) {
    words <- strsplit(tolower(gsub("[[:punct:]]+", " ", line)), "[[:space:]]+")[[1]]
    words <- words[words != ""]
    for (w in words) {
      if (is.na(counts[w])) counts[w] <- 1L else counts[w] <- counts[w] + 1L
    }
  }
  counts[order(-counts, names(counts))]
}
for (i in 1:200) wc <- word_counts(text)
print(head(wc, 8))

clean <- function(x) {
  x <- gsub("\\s+", " ", x)
  x <- gsub("^ | $", "", x)
  x <- gsub("([a-z])([A-Z])", "\\1 \\2", x)
  x <- gsub("(^|\\s)(\\w)", "\\1\\U\\2", x, perl = TRUE)
  x
}
raw <- c("  hello   world ", "camelCaseWords here", "\tmixed\tTABS  and spaces")
for (i in 1:300) cleaned <- clean(raw)
print(cleaned)

numbers <- function(s) {
  total <- 0
  for (k in seq_along(s)) {
    m <- regmatches(s[k], gregexpr("-?[0-9]+(\\.[0-9]+)?", s[k]))[[1]]
    if (length(m)) total <- total + sum(as.numeric(m))
  }
  total
}
s <- c("3 apples and 4.5 pears", "none here", "-2 degrees, then 10", "x1y2z3")
for (i in 1:300) tot <- numbers(s)
print(tot)

emails <- c("alice@example.com", "bob.smith@mail.org", "not-an-email", "eve@site")
valid <- function(e) grepl("^[[:alnum:]._-]+@[[:alnum:].-]+\\.[a-z]{2,}$", e)
n <- 0L
for (i in 1:500) n <- n + sum(valid(emails))
print(n)
print(valid(emails))
print(sub("@.*", "", emails[valid(emails)]))
print(regmatches(emails, regexpr("[a-z]+\\.[a-z]+$", emails)))

dates <- c("2024-01-15", "15/01/2024", "2023-12-31")
iso <- function(d) {
  out <- character(length(d))
  for (i in seq_along(d)) {
    if (grepl("^\\d{4}-\\d{2}-\\d{2}$", d[i])) out[i] <- d[i]
    else out[i] <- sub("^(\\d{2})/(\\d{2})/(\\d{4})$", "\\3-\\2-\\1", d[i])
  }
  out
}
for (i in 1:300) r <- iso(dates)
print(r)
