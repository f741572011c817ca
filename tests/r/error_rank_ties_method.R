print(rank(c(2, 1, 2), ties.method = "min"))
rank(c(2, 1, 2), ties.method = "dense")
