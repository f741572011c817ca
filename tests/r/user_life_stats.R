# game of life + stats, user style
life_step <- function(m) {
  n <- nrow(m); p <- ncol(m)
  nb <- matrix(0L, n, p)
  for (di in -1:1) for (dj in -1:1) {
    if (di == 0 && dj == 0) next
    rs <- ((seq_len(n) - 1 + di) %% n) + 1
    cs <- ((seq_len(p) - 1 + dj) %% p) + 1
    nb <- nb + m[rs, cs]
  }
  (m == 1 & (nb == 2 | nb == 3)) | (m == 0 & nb == 3)
}
set.seed(7)
g <- matrix(rbinom(400, 1, 0.3), 20, 20)
pop <- integer(0)
for (gen in 1:60) { g <- life_step(g) * 1L; pop <- c(pop, sum(g)) }
print(pop)
cat("mean", mean(pop), "sd", round(sd(pop), 3), "\n")
print(which(diff(sign(diff(pop))) != 0)[1:5])
stats <- sapply(split(pop, rep(1:6, each = 10)), function(v) c(min = min(v), max = max(v), med = median(v)))
print(stats)
print(t(stats)[, "med", drop = FALSE])
print(cor(pop[-1], pop[-length(pop)]))
mat <- matrix(runif(12), 3)
print(round(mat %*% t(mat), 4))
print(round(apply(mat, 2, function(col) col / sum(col)), 3))
cum <- cumsum(rev(pop))[seq(1, 60, by = 12)]
print(cum)
fmt <- function(x) formatC(x, format = "f", digits = 2, width = 8)
cat(fmt(c(pi, exp(1), sqrt(2))), "\n")
cat(format(c(1, 10, 100), width = 6), "\n")
cat(format(TRUE), format(NA), format("x", width = 4), "|\n")
print(format(123.456, nsmall = 1)); print(format(0.000012345)); print(format(1e10)); print(format(123456789))
print(round(-2.5)); print(signif(123456, 2)); print(1e-20 + 1 == 1)
big <- .Machine$integer.max
print(big); r <- tryCatch(big + 1L, warning = function(w) conditionMessage(w)); print(r)
print(5 %/% 2); print(-5 %/% 2); print(-5 %% 2); print(5.5 %% 2)
print(seq(10, 1, by = -3)); print(seq_len(0)); print(integer(0) + 1)
v <- c(a = 1, b = NA, c = 3)
print(mean(v, na.rm = TRUE)); print(is.na(v)); print(ifelse(is.na(v), 0, v))
print(vapply(list(1:3, 4:9), function(x) c(n = length(x), s = sum(x)), c(n = 0, s = 0)))
