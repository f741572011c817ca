# Complex `+` of NaN and NA parts: GNU R's build adds complex numbers with
# the operands swapped, so of two NaN parts the right operand's wins
# (`NaN+NaNi + NA` is NA, `NA + NaN+NaNi` is NaN+NaNi); `-` keeps the left
# one's, as real arithmetic does. In the interpreter and in compiled loops.
z <- complex(real = NaN, imaginary = NaN)
na <- complex(real = NA, imaginary = 0)
print(z + NA_real_)
print(NA_real_ + z)
print(z + na)
print(na + z)
print(z - NA_real_)
print(NA_real_ - z)
print(z * NA_real_)
acc <- function(xs, ys) {
  out <- complex(length(xs))
  for (i in seq_along(xs)) {
    s <- xs[i] + ys[i]
    d <- xs[i] - ys[i]
    out[i] <- s + d
  }
  out
}
xs <- c(z, na, 1 + 2i, z, complex(real = 1, imaginary = NaN))
ys <- c(na, z, NA, 3i, complex(real = NA, imaginary = 1))
for (k in 1:300) r <- acc(xs, ys)
print(r)
w <- complex(real = NA, imaginary = 1)
t <- NA
for (i in 1:3) {
  t <- (((t^Inf)^0.5) + (sqrt(abs(t)) %/% sqrt(abs(Inf))))
  if (i == 1L) t <- w
}
print(t)
