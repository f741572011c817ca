# Printing a list whose elements have a class with a print method.
print.temp <- function(x, ...) cat(unclass(x), "degrees\n")
t1 <- structure(21.5, class = "temp")
readings <- list(morning = t1, evening = structure(18, class = "temp"))
readings
print(length(readings))
print(sapply(readings, unclass))
