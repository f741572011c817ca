# Condition of length > 1 is an error in R 4.2.
x <- c(TRUE, FALSE)
if (x) print("never")
