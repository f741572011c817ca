# Errors and warnings raised inside operator methods, in compiled code.
meters <- function(x) structure(x, class = "meters")
"+.meters" <- function(e1, e2) {
  if (!inherits(e2, "meters") && !inherits(e1, "meters")) stop("no meters")
  if (!inherits(e2, "meters") || !inherits(e1, "meters")) warning("adding a plain number to meters")
  meters(unclass(e1) + unclass(e2))
}
"/.meters" <- function(e1, e2) {
  if (any(unclass(e2) == 0)) stop("division of meters by zero")
  meters(unclass(e1) / unclass(e2))
}
walk <- function(steps) {
  pos <- meters(0)
  for (s in steps) pos <- pos + meters(s)
  pos
}
print(unclass(walk(1:400)))
x <- meters(5) + 1
print(unclass(x))
split_evenly <- function(len, parts) {
  out <- numeric(0)
  for (k in parts) out <- c(out, unclass(len / k))
  out
}
print(split_evenly(meters(12), 1:350)[c(1, 2, 350)])
split_evenly(meters(12), c(3:1, 0))
