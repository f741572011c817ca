# An unbound variable in a top-level while condition.
k <- 0
while (k < 3) k <- k + 1
print(k)
while (l5) k <- k + 1
