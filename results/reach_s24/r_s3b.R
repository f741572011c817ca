area <- function(s) UseMethod("area")
area.circle <- function(s) pi * s$r^2
area.rect <- function(s) s$w * s$h
shapes <- lapply(1:200, function(i) if (i %% 2) structure(list(r = i / 10), class = "circle") else structure(list(w = i, h = 2), class = "rect"))
total <- function(sh) { t <- 0; for (s in sh) t <- t + area(s); t }
for (k in 1:130) v <- total(shapes)
print(v)
