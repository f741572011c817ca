# Records updated in hot loops keep R's copy-on-write: a record shared by
# two variables, by a list and a variable, or by a caller and its callee is
# copied before it changes; an unshared one changes in place.
bump <- function(p, k) {
  p$x <- p$x + k
  p$n <- p$n + 1L
  p
}
p <- list(x = 0, n = 0L, tag = "a")
q <- p
for (i in 1:2000) q <- bump(q, 0.5)
print(p)
print(q)

# a record in a list, read out, changed, not stored back
recs <- vector("list", 50)
for (i in seq_along(recs)) recs[[i]] <- list(x = i, n = 0L, tag = "r")
total <- 0
for (rep in 1:40) {
  for (i in seq_along(recs)) {
    r <- recs[[i]]
    r$x <- r$x * 2
    total <- total + r$x
    if (i %% 2L == 0L) recs[[i]] <- bump(recs[[i]], 1)
  }
}
print(total)
print(recs[[1]])
print(recs[[2]])

# nested fields and a vector inside a record
s <- list(pos = list(x = 1, y = 2), hist = numeric(5), count = 0L)
t0 <- s
for (i in 1:3000) {
  s$pos$x <- s$pos$x + 0.25
  s$hist[(i %% 5L) + 1L] <- s$hist[(i %% 5L) + 1L] + i
  s$count <- s$count + 1L
}
print(s)
print(identical(t0, list(pos = list(x = 1, y = 2), hist = numeric(5), count = 0L)))

# the same record stored in two lists; one list's copy changes
a <- list(list(v = 1, w = 2L))
b <- a
for (i in 1:1500) {
  e <- a[[1]]
  e$v <- e$v + 1
  a[[1]] <- e
}
print(a[[1]]$v)
print(b[[1]]$v)

# a field set to NULL (removed) and a new field added in a hot loop
g <- list(k = 1, m = 2)
for (i in 1:1200) {
  g$k <- g$k + 1
  if (i == 600) g$m <- NULL
  if (i == 900) g$z <- 0L
  if (i > 900) g$z <- g$z + 1L
}
print(g)
