# Top-level loops updating global vectors, matrices and lists element by
# element (`x[i] <- f(x[i - 1])`): the interpreter updates them in place
# when the binding holds the only other reference, and copies them when
# something else shares them (an alias made before the loop must keep its
# values). `l[k] <- list(v)` stores v, `l[[k]] <- list(v)` stores the list.
n <- 2000
x <- numeric(n)
x[1] <- 0.5
alias <- x
for (i in 2:n) x[i] <- 3.7 * x[i - 1] * (1 - x[i - 1])
print(round(c(x[2], x[n], sum(x)), 6))
print(c(alias[1], alias[2], sum(alias)))

counts <- integer(5)
for (i in 1:1000) {
  d <- (i * 31L) %% 5L + 1L
  counts[d] <- counts[d] + 1L
}
print(counts)

m <- matrix(0, 30, 20)
snapshot <- m
for (i in 1:30) for (j in 1:20) m[i, j] <- i * 100 + j
print(c(m[1, 1], m[30, 20], sum(m), sum(snapshot)))
mi <- matrix(0L, 3, 3)
for (k in 1:9) mi[(k - 1L) %% 3L + 1L, (k - 1L) %/% 3L + 1L] <- k
print(mi)
for (k in 1:3) mi[k, k] <- 2.5
print(mi)

l <- list(1, "a", NULL, 4)
for (k in 1:2) l[k] <- list(k * 10)
for (k in 3:4) l[[k]] <- list(k)
print(l)
v <- c(a = 1, b = 2)
for (k in 1:2) v[k] <- v[k] * 3
print(v)

# An update that fails leaves the global as it was.
y <- 1:3
r <- tryCatch({
  for (k in 1:3) y[[k + 2]] <- 1:2
  "done"
}, error = function(e) conditionMessage(e))
print(r)
print(y)
z <- c(1, 2, 3)
w <- tryCatch(
  { for (k in 1:2) z[k] <- z[k] + 1; z[1:2] <- c(7, 8, 9); "stored" },
  warning = function(w) conditionMessage(w))
print(w)
print(z)
# The same list stores in a function (its locals are moved, not shared).
fill <- function(n) {
  l <- vector("list", n)
  for (k in seq_len(n)) if (k %% 2L == 0L) l[k] <- list(k) else l[[k]] <- list(-k)
  l
}
for (r in 1:200) fl <- fill(4L)
print(fl)
