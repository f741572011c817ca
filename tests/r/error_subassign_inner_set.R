# An error of the inner `[[<-` of a replacement chain names the whole assignment.
x <- c(a = 1, b = 2)
x[["b"]][1] <- 5
print(x)
x[["b"]][2] <- 5
