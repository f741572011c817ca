lv1 <- function(v, t) {
  i <- 0L
  while ((i <- i + 1L) <= length(v)) if (v[[i]] >= t) break
  i
}
x1 <- (1:2848) / 3
for (rep in 1:30) r <- tryCatch(lv1(x1, NA), error = function(e) paste("E:", conditionMessage(e)))
print(r)
print(tryCatch(lv1(x1, Inf), error = function(e) paste("E:", conditionMessage(e))))
print(tryCatch(lv1(x1, Inf), error = function(e) paste("E:", conditionMessage(e))))
print(tryCatch(lv1(x1, 10L), error = function(e) paste("E:", conditionMessage(e))))
print(tryCatch(lv1(x1, -1), error = function(e) paste("E:", conditionMessage(e))))
for (rep in 1:3) r <- tryCatch(lv1(x1, NA), error = function(e) paste("E:", conditionMessage(e)))
print(r)
print(tryCatch(lv1(numeric(0), 1), error = function(e) paste("E:", conditionMessage(e))))
lv2 <- function(v, t) {
  k <- 0L
  for (i in seq_along(v)) {
    k <- k + 1L
    if (v[i] >= t) break else next
  }
  c(i, k)
}
x2 <- as.double(1:2061)
print(tryCatch(lv2(x2, Inf), error = function(e) paste("E:", conditionMessage(e))))
print(tryCatch(lv2(x2, 10L), error = function(e) paste("E:", conditionMessage(e))))
print(tryCatch(lv2(x2, 1e9), error = function(e) paste("E:", conditionMessage(e))))
for (rep in 1:30) r <- tryCatch(lv2(x2, Inf), error = function(e) paste("E:", conditionMessage(e)))
print(r)
print(tryCatch(lv2(x2, 1e9), error = function(e) paste("E:", conditionMessage(e))))
for (rep in 1:30) r <- tryCatch(lv2(x2, 1e9), error = function(e) paste("E:", conditionMessage(e)))
print(r)
n3 <- 0L
for (q in seq_along(integer(0))) n3 <- n3 + 1L
print(n3)
for (q in 1:0) cat("q", q, "")
cat("\n"); print(q)
m0 <- 0L; for (q in seq_len(m0)) m0 <- m0 + 1L; print(m0)
k <- 0L; repeat { k <- k + 1L; if (k >= 219L) break }; print(k)
z <- 0; while (z < 59) z <- z + 0.5; print(z)
print(sum(integer(0))); print(max(-Inf, numeric(0)))
l4 <- list()
m4 <- list(0)
for (i in 1:3) {
  l4[[length(l4) + 1L]] <- (Conj(i) * i)
  if (i %% 4L == 0L) l4[[1L]] <- NULL
  m4 <- l4
}
print(length(l4)); print(length(m4))
print(table(sapply(l4, typeof)))
print(head(l4, 3))
for (el in l4) if (is.character(el)) cat(el, "") else if (is.numeric(el)) cat(round(el, 3), "")
cat("\n")
fins <- 0L
s <- 0
tc5 <- function(i) tryCatch({ if (i %% 7L == 0L) stop("bad ", i); if (i %% 9L == 1L) warning("w", i); -.Machine$integer.max }, error = function(e) -1L, warning = function(w) nchar(conditionMessage(w)))
for (i in 1:30) s <- s + tc5(i)
print(s); print(fins)
