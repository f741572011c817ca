cut(c(1, 2, 3), breaks = c(0, 2, 2, 4))
