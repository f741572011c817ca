# Functions whose result is a typed vector (a slice, a vector built in a
# loop) compile: the result is returned as the vector it was unboxed from.
tail_of <- function(v) v[2:length(v)]
build <- function(n) {
  out <- integer(n)
  for (i in seq_len(n)) out[i] <- i * i
  out
}
halve <- function(v) {
  if (length(v) == 0) return(v)
  for (i in seq_along(v)) v[i] <- v[i] / 2
  v
}
s <- 0
for (k in 1:300) {
  s <- s + sum(tail_of(c(k, 2L, 3L))) + sum(build(k %% 7)) + sum(halve(as.double(1:(k %% 5))))
}
print(s)
print(tail_of(1:5)); print(build(4)); print(halve(c(1, 3))); print(halve(numeric(0)))
