# Negative zero prints as 0; its sign is visible through 1/x.
x <- -0
print(x)
print(1/x)
print(c(-0, 0))
cat(-0, "\n")
print(identical(0, -0))
print(0 * -1)
print(round(-0.4))
print(sprintf("%.1f", -0.04))
print(format(-0))
print(-0L)
