# if (NA) -> missing value where TRUE/FALSE needed.
x <- NA
if (x) print("yes")
