# Deleting list elements with NULL and modifying nested lists.
l <- list(a = 1, b = 2, c = 3)
l$b <- NULL
print(l)
l[["a"]] <- NULL
print(l)
l2 <- list(1, 2, 3, 4)
l2[[2]] <- NULL
print(length(l2))
print(l2)
l3 <- list(1, 2, 3)
l3[c(1, 3)] <- NULL
print(l3)
l4 <- list(x = 1)
l4["y"] <- list(NULL)
print(l4)
nested <- list(inner = list(v = 1))
nested$inner$v <- 99
nested$inner$w <- "new"
print(nested)
l5 <- list(1)
l5[[4]] <- "four"
print(l5)
