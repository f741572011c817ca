fold1 <- function(v) {
  s <- FALSE
  for (x in v) {
    s <- s + (x - .Machine$integer.max)
    if (is.na(s)) next
  }
  s
}
for (rep in 1:10) r <- fold1(1:0)
cat(r, "\n")
for (rep in 1:250) r <- fold1(seq(0.5, 39, by = 0.5))
print(r)
for (rep in 1:60) r <- fold1((1:10) * 1i)
print(c(r = r))
nest2 <- function(n, m) {
  tot <- 0L
  for (i in 1:n) {
    if (i %% 4L == 0L) next
    j <- 0L
    for (j in seq_len(m)) {
      if (i * j > 149) break
      if (j %% 2L == 0L) next
      tot <- tot + i * j
    }
  }
  c(tot, i, j)
}
for (rep in 1:120) r <- nest2(0L, 7)
print(r)
for (rep in 1:60) r <- nest2(40, 0L)
print(r)
desc3 <- function(o, ...) UseMethod("desc3")
desc3.sa <- function(o, ...) o$v + 1L
desc3.sb <- function(o, ...) paste("b", o$v)
desc3.sc <- function(o, ...) c(NextMethod(), 100L)
desc3.default <- function(o, ...) -1
cls <- list("zz", NULL)
out <- character(0)
for (i in 1:60) {
  o <- list(v = i)
  class(o) <- cls[[(i %% 2L) + 1L]]
  r <- desc3(o)
  if (i %% 17L == 0L) out <- c(out, paste(r, collapse = "/"))
}
print(out)
print(desc3(structure(list(v = 2.5), class = "sa")))
l4 <- list()
m4 <- list(0)
for (i in 1:120) {
  l4[[length(l4) + 1L]] <- ((i %/% i) %/% i)
  if (i %% 7L == 0L) l4[[length(l4)]] <- NULL
}
print(length(l4)); print(length(m4))
print(table(sapply(l4, typeof)))
print(head(l4, 3))
for (el in l4) if (is.character(el)) cat(el, "") else if (is.numeric(el)) cat(round(el, 3), "")
cat("\n")
fins <- 0L
s <- 0
tc5 <- function(i) tryCatch({ if (i %% 15L == 0L) stop("bad ", i); if (i %% 9L == 1L) warning("w", i); (if (is.na(1e-310) || 1e-310 > floor(i)) 1e-310 else floor(i)) }, error = function(e) -1L, warning = function(w) nchar(conditionMessage(w)))
for (i in 1:60) s <- s + tc5(i)
print(s); print(fins)
nest6 <- function(n, m) {
  tot <- 0L
  for (i in 1:n) {
    if (i %% 2L == 0L) next
    j <- 0L
    while ((j <- j + 1L) <= m) {
      if (i * j > 48) return(list(i = i, j = j, tot = tot))
      if (j == 2L) next
      tot <- tot + i / j
    }
  }
  c(tot, i, j)
}
for (rep in 1:3) r <- nest6(0L, 3L)
print(r)
for (rep in 1:10) r <- nest6(5L, 10L)
print(r)
