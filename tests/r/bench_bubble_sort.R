# Bubble sort on a vector from a simple LCG.
lcg_state <- 42
lcg <- function() { lcg_state <<- (lcg_state * 1103515245 + 12345) %% 2147483648; lcg_state }
x <- numeric(200)
for (i in 1:200) x[i] <- lcg() %% 1000
bubble <- function(v) {
  n <- length(v)
  repeat {
    swapped <- FALSE
    for (i in seq_len(n - 1)) {
      if (v[i] > v[i + 1]) { t <- v[i]; v[i] <- v[i + 1]; v[i + 1] <- t; swapped <- TRUE }
    }
    if (!swapped) break
  }
  v
}
s <- bubble(x)
print(identical(s, sort(x)))
print(head(s, 10))
print(sum(s * seq_along(s)))
