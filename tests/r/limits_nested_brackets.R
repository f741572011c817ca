# GNU R's parser holds at most 50 open brackets (its context stack); the
# statements before a deeper one run, then R's error (issue 19).
print(((((((((((((((((((((((((((((((((((((((((((((((((1)))))))))))))))))))))))))))))))))))))))))))))))))
x <- list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(list(2)))))))))))))))))))))))))))))))))))))))))))))))))
f <- function(x) { if (x) { if (x) { if (x) { 3 } } } }
print(f(TRUE))
y <- (((((((((((((((((((((((((((((((((((((((((((((((((((1)))))))))))))))))))))))))))))))))))))))))))))))))))
print("not reached")
