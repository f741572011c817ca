# Calling handlers meeting other constructs: errors raised in handlers, return()
# out of a region, exiting handlers hidden while a handler runs, options(warn),
# try(), restarts across frames, condition = handlers for every kind.
r <- try(withCallingHandlers(stop("a"), error = function(e) stop("b")), silent = TRUE)
cat(r)
r <- try(withCallingHandlers(log("a"), error = function(e) stop("b2")), silent = TRUE)
cat(r)
f <- function() {
  withCallingHandlers({
    for (i in 1:10) if (i == 3) return(i * 100)
    0
  }, warning = function(w) 1)
}
print(f())
for (k in 1:3) print(f())
g <- function() {
  r <- withCallingHandlers(tryCatch(stop("inner"), error = function(e) "exited inner"), error = function(e) cat("not called\n"))
  r
}
print(g())
h <- function() withCallingHandlers(
  warning("hw"),
  warning = function(w) {
    r <- tryCatch(stop("inside handler"), error = function(e) conditionMessage(e))
    cat("handler caught:", r, "\n")
    invokeRestart("muffleWarning")
  })
h()
# condition signalled in a handler, tryCatch between is hidden
r <- tryCatch(
  withCallingHandlers(
    tryCatch(warning("x"), error = function(e) "inner tryCatch (hidden)"),
    warning = function(w) stop("from handler")),
  error = function(e) paste("outer got:", conditionMessage(e)))
print(r)
op <- options(warn = 1)
withCallingHandlers(warning("immediate"), warning = function(w) cat("handler before immediate print\n"))
options(op)
op <- options(warn = 2)
r <- tryCatch(withCallingHandlers(warning("to error"), warning = function(w) cat("saw as warning\n"), error = function(e) cat("saw as error:", conditionMessage(e), "\n")), error = function(e) "caught converted")
print(r)
options(op)
res <- withCallingHandlers(
  try(stop("try me"), silent = TRUE),
  error = function(e) cat("calling handler saw try's error\n"))
cat(class(res), "\n")
k <- function(n) { if (n == 0) invokeRestart("done", "bottom") ; k(n - 1) }
print(withRestarts(k(50), done = function(v) paste("unwound from", v)))
m <- function() message("mm")
withCallingHandlers(m(), message = function(c) { cat("handled\n"); invokeRestart("muffleMessage") })
ww <- function() { warning("A"); warning("B"); 1 }
withCallingHandlers(ww(), warning = function(w) if (conditionMessage(w) == "A") invokeRestart("muffleWarning"))
withCallingHandlers(
  { warning("first"); message("second"); signalCondition(simpleCondition("third")); "end" },
  condition = function(c) { cat("condition:", class(c)[1], "\n"); if (inherits(c, "warning")) invokeRestart("muffleWarning"); if (inherits(c, "message")) invokeRestart("muffleMessage") })
fin <- tryCatch(withCallingHandlers(stop("E"), error = function(e) cat("calling\n")), error = function(e) cat("exiting\n"), finally = cat("finally\n"))
z <- withCallingHandlers(expr = 5, warning = function(w) 1)
print(z)
print(signalCondition("not a condition"))
r <- try(withCallingHandlers(warning("unnamed"), function(w) 1), silent = TRUE)
cat(r)
r <- try(withCallingHandlers(stop("a"), error = function(e) invokeRestart("muffleWarning")), silent = TRUE)
cat(r)
