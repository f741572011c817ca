# Long vectors wrap at width 80 with [k] prefixes.
print(1:100)
print(seq(0.5, 30, by = 0.5))
print(101:130 * 1000L)
x <- 1:25
x
print(letters)
print(c(1.123456789, 22.5, 333))
print(100:1)
print((1:40)^2)
