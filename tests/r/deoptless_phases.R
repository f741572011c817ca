# Deoptless: the element type of a vector reached through a list changes
# int -> double -> complex -> double under one compiled function.
mysum <- function(d) {
  x <- d$v
  s <- 0
  for (i in seq_along(x)) s <- s + x[i]
  s
}
di <- list(v = 1:1000)
dd <- list(v = as.numeric(1:1000) / 2)
dc <- list(v = complex(real = 1:1000, imaginary = 1))
r <- 0
for (k in 1:300) r <- mysum(di)
print(r)
for (k in 1:300) r <- mysum(dd)
print(r)
for (k in 1:300) r <- mysum(dc)
print(r)
for (k in 1:300) r <- mysum(dd)
print(r)
