outer(1:2, 1:3, function(x, y) stop("out"))
