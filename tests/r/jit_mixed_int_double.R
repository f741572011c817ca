# Variables that are integers on a loop's first iteration and doubles after
# (`n <- n / 2` on an integer argument): operations that compute in doubles
# anyway read them as doubles (`test is.num`); the value keeps its R type.
collatz_length <- function(n) {
  len <- 1L
  repeat {
    if (n == 1) break
    if (n %% 2 == 0) n <- n / 2 else n <- 3 * n + 1
    len <- len + 1L
  }
  len
}

# The loop variable's final value keeps its type: integer when the loop
# never assigned it, double otherwise (100000L prints as 100000, the double
# 1e5 as 1e+05).
halve_until <- function(n, limit) {
  while (n > limit) n <- n / 2
  n
}

# Integer + integer stays integer (and overflows to NA with a warning); only
# operations that coerce to double read the mixed value as a double.
mixed_sum <- function(k) {
  x <- k
  acc <- 0L
  for (i in 1:6) {
    acc <- acc + x %/% 1L
    if (i %% 2 == 0) x <- x * 1.5 else x <- x + 1L
  }
  c(acc, x)
}

# Two mixed operands: `/` and `^` compute in doubles, `<` compares exactly.
ratio_walk <- function(a, b) {
  s <- 0
  for (i in 1:50) {
    s <- s + a / b + (a < b) + a^2 / 1e6
    if (i %% 3 == 0) a <- a + 0.25 else a <- a + 1L
    if (i %% 5 == 0) b <- b * 2 else b <- b + 2L
  }
  s
}

total <- 0L
for (i in 1:3000) total <- total + collatz_length(i)
print(total)
print(collatz_length(27L))
print(collatz_length(27))

for (k in 1:300) h <- halve_until(k, 100L)
print(h)
print(halve_until(100000L, 1e6))
print(halve_until(100000L, 1))
print(class(halve_until(100000L, 1e6)))
print(class(halve_until(7L, 1)))

for (k in 1:200) m <- mixed_sum(k)
print(m)
print(mixed_sum(.Machine$integer.max - 2L))
print(mixed_sum(2.5))

r <- 0
for (k in 1:300) r <- r + ratio_walk(k, 3L)
print(r, digits = 12)
print(ratio_walk(1L, 2L), digits = 12)
print(ratio_walk(NA_integer_, 2L))
print(ratio_walk(1L, NA))
print(ratio_walk(1L, NaN))
print(ratio_walk(-0, Inf))
print(collatz_length(TRUE))
