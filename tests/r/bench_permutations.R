# Generate all permutations recursively; checksum over them.
perms <- function(v) {
  if (length(v) <= 1) return(list(v))
  out <- list()
  for (i in seq_along(v)) {
    for (p in perms(v[-i])) out[[length(out) + 1]] <- c(v[i], p)
  }
  out
}
ps <- perms(1:5)
print(length(ps))
chk <- 0
for (k in seq_along(ps)) chk <- (chk * 31 + sum(ps[[k]] * 1:5)) %% 1000003
print(chk)
print(ps[[1]]); print(ps[[120]])
print(sapply(perms(c("a", "b", "c")), paste, collapse = ""))
