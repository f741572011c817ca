# Every loop form in functions called often enough to be compiled, and the
# loop variable's value after completed and broken loops (R keeps the last
# element after a completed loop, the current one after a break).
over_int <- function(v) { s <- 0L; for (a in v) s <- s + a; c(s, a) }
over_dbl <- function(v) { s <- 0; for (a in v) s <- s + a * 2; c(s, a) }
over_lgl <- function(v) { n <- 0L; for (b in v) if (isTRUE(b)) n <- n + 1L; list(n, b) }
over_chr <- function(v) { r <- ""; for (s in v) r <- paste0(r, s); c(r, s) }
over_list <- function(l) { n <- 0L; for (e in l) n <- n + length(e); list(n, e) }
over_seq_len <- function(n) { s <- 0; for (i in seq_len(n)) s <- s + i; c(s, i) }
over_seq_along <- function(v) { s <- 0; for (i in seq_along(v)) s <- s + v[i] * i; c(s, i) }
over_rev <- function(v) { r <- 0; for (x in rev(v)) r <- r * 10 + x; c(r, x) }
over_seq_by <- function(a, b) { s <- 0; for (x in seq(a, b, by = 0.5)) s <- s + x; c(s, x) }
over_seq_len_out <- function(a, b) { s <- 0; for (x in seq(a, b, length.out = 7)) s <- s + x; c(s, x) }
first_above <- function(v, t) { for (a in v) if (a > t) break; a }
first_index <- function(v, t) { for (i in seq_along(v)) if (v[i] >= t) break; i }
range_break <- function(n, t) { for (i in 1:n) if (i >= t) break; i }
while_count <- function(n) { i <- 0L; s <- 0; while (i < n) { i <- i + 1L; if (i %% 3L == 0L) next; s <- s + i }; c(s, i) }
repeat_search <- function(x) { k <- 0L; repeat { k <- k + 1L; if (k * k >= x) break }; k }
nested <- function(n) {
  hits <- 0L
  for (i in 1:n) {
    for (j in 1:n) {
      if (j > i) break
      if ((i + j) %% 2L == 1L) next
      hits <- hits + 1L
    }
  }
  c(hits, i, j)
}
nested_found <- function(m, target) {
  found <- NULL
  for (i in seq_len(nrow(m))) {
    for (j in seq_len(ncol(m))) {
      if (m[i, j] == target) { found <- c(i, j); break }
    }
    if (!is.null(found)) break
  }
  list(found, i, j)
}
m <- matrix(as.double(1:30), 5, 6)
angles <- seq(0.1, 1.5, length.out = 25)
for (k in 1:250) {
  r1 <- over_int(1:20); r2 <- over_dbl(angles); r3 <- over_lgl(c(TRUE, NA, FALSE, TRUE))
  r4 <- over_chr(c("a", "b", "c")); r5 <- over_list(list(1:3, "x", NULL, c(2, 3)))
  r6 <- over_seq_len(10L); r7 <- over_seq_along(angles); r8 <- over_rev(c(1, 2, 3))
  r9 <- over_seq_by(1, 4); r10 <- over_seq_len_out(0, 3)
  r11 <- first_above(angles, 0.5); r12 <- first_index(angles, 2); r13 <- range_break(10L, 4L)
  r14 <- while_count(20L); r15 <- repeat_search(50); r16 <- nested(6L); r17 <- nested_found(m, 17)
}
print(r1); print(r2); print(r3); print(r4); print(r5); print(r6); print(r7); print(r8)
print(r9); print(r10); print(r11); print(r12); print(r13); print(r14); print(r15); print(r16); print(r17)
# After compilation: other types and lengths, completed and broken loops.
print(over_int(c(5L, NA, 7L)))
print(over_dbl(c(1.5, NaN, Inf, -0)))
print(over_dbl(1:4))
print(over_lgl(logical(0)))
print(over_chr(character(0)))
print(over_list(list()))
print(over_seq_len(0L))
print(over_rev(5:1))
print(first_above(angles, 100)); print(first_above(angles, 1)); print(first_above(angles, 100))
print(first_index(angles, 1e9)); print(first_index(angles, 0.3)); print(first_index(angles, 1e9))
print(range_break(3L, 10L)); print(range_break(3L, 2L)); print(range_break(3L, 10L))
print(first_above(c(a = 1, b = 5), 2))
print(first_above(list(1, 2L, 3.5), 2))
print(nested_found(m, 99)); print(nested_found(m, 3))
bad <- function() { for (x in function() 1) 1 }
print(tryCatch(bad(), error = function(e) conditionMessage(e)))
