# Vectors of length one where compiled code expects longer ones: a `for`
# over `seq(n, 1, -1)` whose sequence sometimes has one element, indexing an
# untyped vector by `2:length(v)` (the profile first sees `2:2`), and the
# length-one value used afterwards as any R value (identical, names,
# attributes, arithmetic, printing) in every tier.
dot_rev <- function(x, y) {
  s <- 0
  for (j in seq(length(y), 1L, -1L)) s <- s + y[[j]] * x
  s
}
tail_of <- function(v) v[2:length(v)]
keep_seq <- function(n) {
  sq <- seq(n, 1L, -1L)
  for (j in sq) n <- n + j
  list(sq, identical(sq, 1L), is.vector(sq), length(sq), n)
}
total <- 0
for (i in 1:3000) {
  y <- if (i %% 3 == 0) c(1, 2, 3) else if (i %% 3 == 1) 5 else c(a = 2, b = 4)
  total <- total + dot_rev(i, y)
  v <- if (i %% 2 == 0) c(k = 1L, l = 2L, m = i) else c(k = 1, l = i)
  total <- total + sum(tail_of(v))
}
print(total)
print(tail_of(c(a = 1, b = 2)))
print(tail_of(c(x = 1L, y = 2L, z = 3L)))
for (k in 1:400) r <- keep_seq(if (k %% 2 == 0) 1L else 3L)
print(r)
print(keep_seq(1L))
one <- seq(1L, 1L, -1L)
for (j in one) one2 <- one * 2L
names(one) <- "first"
print(one)
print(one2)
attr(one2, "note") <- "twice"
print(attributes(one2))
grow <- function(n) {
  x <- seq(n, 1L, -1L)
  for (j in x) x[j] <- x[j] * 10L
  x[length(x) + 1L] <- 0L
  x
}
for (k in 1:300) g <- grow(if (k %% 2 == 0) 1L else 2L)
print(g)
print(grow(1L))
str(grow(1L))
