# Recursive quicksort on vectors.
qs <- function(v) {
  if (length(v) <= 1) return(v)
  p <- v[1]
  rest <- v[-1]
  c(qs(rest[rest < p]), p, qs(rest[rest >= p]))
}
state <- 7
x <- integer(500)
for (i in 1:500) { state <- (state * 69069 + 1) %% 4294967296; x[i] <- as.integer(state %/% 65536) %% 10000L }
s <- qs(x)
print(identical(s, sort(x)))
print(s[1:10])
print(sum(as.numeric(s) * 1:500))
print(typeof(s))
