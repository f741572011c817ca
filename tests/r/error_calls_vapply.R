vapply(1:3, function(i) if (i > 1) stop("vap") else 1, numeric(1))
