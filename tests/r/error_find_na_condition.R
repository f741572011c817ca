print(Find(function(x) x > 1, c(1, 3, 5)))
Find(function(x) if (x > 1) NA else FALSE, c(1, 3, 5))
