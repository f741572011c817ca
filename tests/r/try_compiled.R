# tryCatch in functions and loops hot enough to compile: the region runs in
# the interpreter as one operation of the compiled code. Regions that assign
# locals, warnings and errors caught, finally, nested regions, a handler
# that fails, an uncaught error leaving compiled code, and regions left by
# return / break / next (those stay interpreted).
parse_num <- function(s) tryCatch(as.numeric(s), warning = function(w) NA_real_)
vals <- c("1.5", "2", "x", "4e2", "NaN", "7")
acc <- 0; bad <- 0L
for (i in 1:3000) {
  v <- parse_num(vals[(i %% 6L) + 1L])
  if (is.na(v)) bad <- bad + 1L else acc <- acc + v
}
print(c(acc, bad))

safe_div <- function(a, b) {
  note <- "ok"
  r <- tryCatch({
    if (b == 0) stop("division by zero")
    q <- a / b
    note <- "divided"
    q
  }, error = function(e) {
    -1
  }, finally = {
    note <- paste(note, "!")
  })
  c(r, nchar(note))
}
s <- c(0, 0)
for (k in 1:400) s <- s + safe_div(k, k %% 5)
print(s)

fins <- 0L
counted <- function(i) {
  tryCatch({
    if (i %% 3L == 0L) warning("w", i)
    i * 2L
  }, warning = function(w) -i, finally = fins <<- fins + 1L)
}
tot <- 0L
for (i in 1:600) tot <- tot + counted(i)
print(c(tot, fins))

nested <- function(x) {
  tryCatch({
    y <- tryCatch({
      if (x > 5) stop("inner ", x)
      x
    }, error = function(e) {
      if (x > 8) stop("outer from handler ", x)
      100
    })
    y + 1
  }, error = function(e) conditionMessage(e))
}
out <- character(0)
for (x in 1:300) { r <- nested(x %% 10); if (x %% 37 == 0) out <- c(out, as.character(r)) }
print(out)

early <- function(v) {
  for (x in v) {
    r <- tryCatch({
      if (x < 0) return("negative")
      sqrt(x)
    }, error = function(e) NA)
  }
  r
}
res <- character(0)
for (k in 1:200) res <- early(c(4, 9, if (k %% 2 == 0) -1 else 16))
print(res)

brk <- function(n) {
  total <- 0
  for (i in 1:n) {
    tryCatch({
      if (i > 50) break
      total <- total + i
    }, error = function(e) NULL)
  }
  total
}
for (k in 1:100) b <- brk(80)
print(b)

s <- 0
for (i in 1:2000) {
  s <- s + tryCatch(if (i %% 100L == 0L) stop("x") else i, error = function(e) 0)
}
print(s)

grow <- function(n) {
  out <- numeric(0)
  for (i in 1:n) tryCatch(out[i] <- i^2, error = function(e) NULL)
  sum(out)
}
for (k in 1:50) g <- grow(30)
print(g)

fail_late <- function(i) {
  tryCatch(i + 1, error = function(e) 0)
  if (i == 250) stop("giving up at ", i)
  i
}
tot <- 0
r <- tryCatch(for (i in 1:300) tot <- tot + fail_late(i), error = function(e) conditionMessage(e))
print(r)
print(tot)
