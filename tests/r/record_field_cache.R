# Record fields through the per-site field cache: lists made by one list()
# call share their names vector; the cache must follow renames, appended and
# removed fields, duplicated names, partial matches and copy-on-write.
make <- function(i) list(id = i, kind = "a", x = i * 1.5, vx = -i, alive = TRUE)
get_x <- function(p) p$x
get_vx <- function(p) p$vx
step <- function(p) {
  p$x <- p$x + p$vx
  if (p$x < 0) p$alive <- FALSE
  p
}
ps <- lapply(1:300, make)
total <- 0
for (k in 1:5) {
  for (i in seq_along(ps)) {
    ps[[i]] <- step(ps[[i]])
    total <- total + get_x(ps[[i]])
  }
}
print(total)
print(sum(vapply(ps, function(p) p$alive, logical(1))))
# Shared names, then one record renamed: the other keeps its fields.
a <- make(1)
b <- make(2)
names(b)[3] <- "vx"
print(get_x(a)); print(get_x(b)); print(get_vx(b)); print(names(b))
# A duplicated name: the first match wins.
d <- c(setNames(list(10), "x"), list(x = 20, vx = 3))
print(get_x(d))
d$x <- 99
print(d)
# Appending and removing fields.
e <- make(3)
e$y <- 7
print(get_x(e)); print(e$y)
e$x <- NULL
print(get_x(e)); print(get_vx(e)); print(names(e))
# Partial matching (not cached) and a missing field.
f <- list(kindness = 1, xylophone = 2)
print(f$kind); print(get_x(f)); print(f$xy)
# Copy-on-write: an update through one binding leaves the other.
g <- make(4)
h <- g
h$x <- -1
print(get_x(g)); print(get_x(h))
for (i in 1:400) g <- step(g)
print(g$x); print(g$alive); print(h$alive)
# Names set from strings, not written in the program.
s <- setNames(list(1, 2, 3), paste0(c("i", "k", "x"), ""))
print(get_x(s))
for (i in 1:200) s$x <- s$x + 1
print(s$x)
