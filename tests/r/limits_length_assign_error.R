# An uncaught error of a replacement function names the whole assignment, as
# GNU R does (issue 19: `length(x) <- 1e19` used to panic).
x <- 1:3
length(x) <- 4
print(x)
length(x) <- 1e19
print("not reached")
