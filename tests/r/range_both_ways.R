# A for loop over a:b seen running both ways (1:length(x) with an empty x
# counts 1, 0): compiled upward; a downward run exits and finishes in the
# interpreter (or a continuation), with R's values.
total <- function(x) {
  s <- 0
  for (i in 1:length(x)) s <- s + if (i >= 1 && i <= length(x)) x[i] else 100
  s
}
acc <- 0
for (r in 1:400) {
  v <- if (r %% 7 == 0) numeric(0) else as.double(seq_len(r %% 5 + 1))
  acc <- acc + total(v)
}
print(acc)
between <- function(a, b) { out <- 0L; for (i in a:b) out <- out + i; c(out, i) }
res <- 0
for (r in 1:300) res <- res + sum(between(r %% 4, 2L))
print(res)
print(between(5L, 2L))
print(between(2L, 5L))
