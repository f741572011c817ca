# Named complex vectors print each part as it is, in the vector's formats (R 4.2); unnamed ones round the parts together.
x <- c(-2147854375+36i, 1.123456789+2.5i, 123456.7+0.001i, 1e-10+1i, 3+1e10i)
for (v in x) { print(v); print(c(a = v)) }
print(x)
names(x) <- letters[1:5]; print(x)
