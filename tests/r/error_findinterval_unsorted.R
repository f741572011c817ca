print(findInterval(2.5, c(1, 2, 3)))
findInterval(1:3, c(3, 1))
