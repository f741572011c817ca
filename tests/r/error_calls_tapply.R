tapply(1:4, c(1, 1, 2, 2), function(v) stop("tap"))
