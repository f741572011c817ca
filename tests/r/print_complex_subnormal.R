# Complex numbers with subnormal parts (|x| below 1e-305): rounding to
# significant digits scales by 10^308 and then by the rest, as R's fround
# does (10^dig itself is not a double), instead of printing 0.
print(complex(real = -1e-310, imaginary = 0))
print(c(complex(real = -1e-310, imaginary = 0), 33i))
print(c(complex(real = -1e-300, imaginary = 0), 33i))
print(c(complex(real = 5e-320, imaginary = -2e-315), 1i))
print(round(1e-310, 312))
print(complex(real = 1e-310, imaginary = 1e-310))
v2 <- (1:34) * 1i
for (i in 1:30) {
  v2[i + 2L] <- (-1e-310)
  if (i %% 2L == 0L) w2 <- v2
}
print(tail(w2, 3)); print(length(w2))
print(format(c(-1e-310 + 2i, 3i)))
