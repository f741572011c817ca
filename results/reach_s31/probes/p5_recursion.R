tak <- function(x, y, z) if (y >= x) z else tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y))
print(tak(18, 12, 6))
ack <- function(m, n) {
  if (m == 0) return(n + 1)
  if (n == 0) return(ack(m - 1, 1))
  ack(m - 1, ack(m, n - 1))
}
print(ack(2, 100))
