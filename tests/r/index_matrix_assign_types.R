# Assigning into matrices changes type as needed; dim is kept.
m <- matrix(1:4, 2)
m[1, 1] <- 0.5
print(m); print(typeof(m))
m[2, ] <- NA
print(m)
cm <- matrix("", 2, 2)
cm[1, 2] <- "x"
print(cm)
lm <- matrix(FALSE, 2, 3)
lm[, 2] <- TRUE
print(lm)
print(sum(lm))
z <- matrix(0, 3, 3)
for (i in 1:3) z[i, i] <- i
print(z)
z[z == 0] <- -1
print(z)
