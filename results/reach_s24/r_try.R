parse_num <- function(s) tryCatch(as.numeric(s), warning = function(w) NA_real_)
score <- function(vals) {
  tot <- 0; bad <- 0L
  for (i in seq_along(vals)) {
    v <- parse_num(vals[i])
    if (is.na(v)) bad <- bad + 1L else tot <- tot + v * i
  }
  c(tot, bad)
}
vals <- rep(c("1.5", "2", "x", "4e2", "7"), 200)
for (k in 1:20) r <- score(vals)
print(r)
