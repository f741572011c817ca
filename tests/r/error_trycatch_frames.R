# Errors that leave a tryCatch uncaught, or are raised in its handlers:
# GNU R evaluates the expression inside its closures tryCatch,
# tryCatchList, tryCatchOne and doTryCatch, which the condition's call
# (a stop() directly in the expression) and the traceback name.
f1 <- function(x) tryCatch(stop("boom"), error = function(e) conditionCall(e))
print(f1(1))
print(tryCatch(stop("top"), error = function(e) conditionCall(e)))
print(tryCatch(tryCatch(stop("in"), warning = function(w) 0),
               error = function(e) conditionCall(e)))
f2 <- function() tryCatch(1i %% 2, warning = function(w) 1)
print(tryCatch(f2(), error = function(e) conditionCall(e)))
g <- function() stop("deep")
h <- function() tryCatch(g(), error = function(e) stop("again"),
                         warning = function(w) 1)
k <- function() tryCatch(g(), warning = function(w) 1, message = function(m) 2,
                         finally = cat("finally ran\n"))
# An error in a handler is caught by a handler of the same tryCatch after
# it (R nests each handler's tryCatchOne inside the next one's).
cascade <- function() tryCatch(message("a"), message = function(m) stop("b"),
                               error = function(e) conditionMessage(e))
print(cascade())
cascade2 <- function() tryCatch(warning("a"), warning = function(w) stop("b"),
                                condition = function(c) class(c))
print(cascade2())
print(tryCatch(tryCatch(message("a"), error = function(e) "inner error",
                        message = function(m) stop("from message")),
               error = function(e) conditionMessage(e)))
main <- function() {
  r <- try(h(), silent = TRUE)
  cat(r)
  k()
}
main()
