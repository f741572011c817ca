# body<- takes the first element of an expression vector: an empty one has none.
f <- function() 1
body(f) <- expression(2, 3)
print(f())
body(f) <- expression()
print("not reached")
