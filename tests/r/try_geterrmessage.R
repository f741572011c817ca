# geterrmessage(): the message of the last error try() caught, as R's try
# sets it ("" before any).
print(geterrmessage())
r <- try(stop("first"), silent = TRUE)
cat(geterrmessage())
f <- function(x) if (x > 2) stop("too big: ", x) else x
for (i in 1:4) {
  r <- try(f(i), silent = TRUE)
  if (inherits(r, "try-error")) cat(i, geterrmessage())
}
g <- function() try(log(-1) + stop("inner"), silent = TRUE)
r <- g()
cat(geterrmessage())
print(identical(geterrmessage(), as.character(r)))
