# A script in the style R users write: helpers using factors, local() and
# suppressWarnings(), called many times in loops (so the JIT compiles them).
parse_score <- function(s) {
  v <- suppressWarnings(as.numeric(s))
  if (is.na(v)) 0 else v
}

grade <- function(score) {
  g <- cut(score, breaks = c(-Inf, 50, 70, 85, Inf),
           labels = c("F", "C", "B", "A"), right = FALSE)
  as.character(g)
}

summarize_group <- function(values, groups) {
  f <- factor(groups, levels = c("north", "south", "east", "west"))
  totals <- tapply(values, f, sum)
  totals[is.na(totals)] <- 0
  totals
}

raw <- c("91", "67", "n/a", "78", "55", "bad", "88", "42")
regions <- c("north", "south", "north", "east", "south", "north", "east", "south")

scores <- numeric(length(raw))
for (i in seq_along(raw)) scores[i] <- parse_score(raw[i])
scores

letters_out <- character(0)
for (rep_i in 1:200) {
  for (s in scores) {
    letter <- grade(s)
    if (rep_i == 200) letters_out <- c(letters_out, letter)
  }
}
letters_out
table(factor(letters_out, levels = c("A", "B", "C", "F")))

acc <- 0
for (k in 1:300) {
  t <- summarize_group(scores + k %% 3, regions)
  acc <- acc + t[["north"]] - t[["west"]]
}
acc
summarize_group(scores, regions)

count_level <- function(f, lv) {
  n <- 0L
  for (x in f) if (x == lv) n <- n + 1L
  n
}
fac <- factor(regions)
hits <- 0L
for (k in 1:250) hits <- hits + count_level(fac, "south")
hits

tally <- local({
  seen <- 0
  function(x) {
    seen <<- seen + sum(x == "north")
    seen
  }
})
for (k in 1:150) tally(fac)
tally(fac[1:3])

safe_ratio <- function(a, b) {
  local({
    r <- a / b
    if (!is.finite(r)) NA_real_ else round(r, 3)
  })
}
ratios <- numeric(0)
for (k in 1:120) ratios <- c(ratios, safe_ratio(k, (k %% 4)))
ratios[1:8]
sum(is.na(ratios))
quiet <- function(msg) { suppressMessages(message(msg)); nchar(msg) }
total_chars <- 0
for (k in 1:100) total_chars <- total_chars + quiet("hello")
total_chars
levels(droplevels(fac[fac != "east"]))
