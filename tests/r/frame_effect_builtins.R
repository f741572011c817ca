# Builtins that neither run R code nor name frames (substr, nchar, paste0)
# leave a reflective function's registers alone; exists/get read the frame,
# assign writes it: each must see and leave the variables as GNU R does.
tally <- function(words) {
  seen <- new.env()
  total <- 0L
  longest <- ""
  last <- ""
  for (w in words) {
    key <- substr(w, 1, 2)
    total <- total + nchar(w)
    if (nchar(w) > nchar(longest)) longest <- w
    if (exists(key, envir = seen, inherits = FALSE)) {
      assign(key, get(key, envir = seen) + 1L, envir = seen)
    } else {
      assign(key, 1L, envir = seen)
    }
    if (exists("total")) label <- paste0(key, ":", total)
    assign("last", w)
  }
  keys <- ls(seen)
  list(total = total, longest = longest, label = label, last = last,
       counts = unlist(mget(keys, envir = seen)))
}
words <- rep(c("alpha", "beta", "alps", "gamma", "bet", "game", "al"), 60)
for (r in 1:3) res <- tally(words)
print(res)
# A function that assigns its own variables through its environment.
self_assign <- function(n) {
  e <- environment()
  acc <- 0
  for (i in seq_len(n)) {
    s <- sprintf("%03d", i)
    e[["acc"]] <- acc + nchar(s) + i
    if (i %% 50 == 0) assign("acc", acc * 2)
  }
  acc
}
for (r in 1:3) v <- self_assign(200)
print(v)
# Top-level code: a loop whose variables are globals.
total <- 0
for (i in 1:3000) {
  s <- paste0("k", i %% 17)
  total <- total + nchar(s)
  if (i %% 1000 == 0) assign("total", total + 0.5)
  if (exists("s")) n_s <- nchar(get("s"))
}
print(c(total, n_s))
