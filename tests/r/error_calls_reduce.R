# Reduce calls its function as f(init, x[[i]]).
Reduce(function(a, b) if (b > 3) stop("red") else a + b, 1:5)
