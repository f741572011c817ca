# A Latin-1 byte (0xE9) in a name, on a line of its own after complete statements.
x <- 1:3
print(sum(x))
if (sum(x) > 5) {
  print("big")
}
café <- 2
print(café)
