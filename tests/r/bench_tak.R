# Takeuchi function.
tak <- function(x, y, z) if (y >= x) z else tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y))
print(tak(18, 12, 6))
print(tak(12, 8, 4))
