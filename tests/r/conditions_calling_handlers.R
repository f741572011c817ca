# withCallingHandlers: handlers run where the condition is signalled,
# without unwinding; muffle restarts; nesting order; messages.

# 1. Logging warnings in a hot loop, muffled, with a counter in the caller.
count_warnings <- function(xs) {
  n_warn <- 0
  last <- ""
  total <- 0
  withCallingHandlers({
    for (x in xs) {
      v <- as.integer(x)
      if (!is.na(v)) total <- total + v
    }
  }, warning = function(w) {
    n_warn <<- n_warn + 1
    last <<- conditionMessage(w)
    invokeRestart("muffleWarning")
  })
  list(n = n_warn, last = last, total = total)
}
xs <- rep(c("1", "two", "3", "four", "5"), 60)
r <- count_warnings(xs)
cat("warnings:", r$n, "last:", r$last, "total:", r$total, "\n")

# A global counter updated with <<- from a handler at top level.
logged <- 0
for (i in 1:250) {
  withCallingHandlers(
    if (i %% 2 == 0) warning("even ", i) else i,
    warning = function(w) {
      logged <<- logged + 1
      invokeRestart("muffleWarning")
    })
}
cat("logged:", logged, "\n")

# The value and visibility of expr pass through.
v <- withCallingHandlers({ warning("w1"); 10 }, warning = function(w) {
  cat("got:", conditionMessage(w), "\n")
  invokeRestart("muffleWarning")
})
print(v)
withCallingHandlers(invisible(7), warning = function(w) NULL)
withCallingHandlers(8, warning = function(w) NULL)

# 2. Nested handlers: innermost first, then outer; a muffled warning stops.
withCallingHandlers(
  withCallingHandlers(warning("inner w"), warning = function(w) cat("inner handler\n")),
  warning = function(w) {
    cat("outer handler\n")
    invokeRestart("muffleWarning")
  })
withCallingHandlers(
  withCallingHandlers(
    { warning("stopped early"); cat("after warning\n") },
    warning = function(w) {
      cat("inner muffles\n")
      invokeRestart("muffleWarning")
    }),
  warning = function(w) cat("outer never runs\n"))
# Several handlers of one call: in the order written.
withCallingHandlers(
  { warning("both"); cat("continued\n") },
  warning = function(w) cat("first (warning)\n"),
  condition = function(c) {
    cat("second (condition)\n")
    invokeRestart("muffleWarning")
  })

# tryCatch inside catches first; outside, after the calling handler ran.
r <- withCallingHandlers(
  tryCatch(warning("tw"), warning = function(w) "caught inside"),
  warning = function(w) cat("not reached\n"))
print(r)
r <- tryCatch(
  withCallingHandlers(warning("tw2"), warning = function(w) cat("calling first\n")),
  warning = function(w) paste("then exiting:", conditionMessage(w)))
print(r)
r <- tryCatch(
  withCallingHandlers(stop("boom"), error = function(e) cat("logged:", conditionMessage(e), "\n")),
  error = function(e) "recovered")
print(r)
# suppressWarnings inside muffles before an outer handler sees it.
withCallingHandlers(suppressWarnings(warning("quiet")), warning = function(w) cat("never\n"))
suppressWarnings(withCallingHandlers(warning("loud"), warning = function(w) cat("seen before suppress\n")))

# 3. Message handlers.
withCallingHandlers({
  message("hello")
  message("muffled ", "too")
  cat("body done\n")
}, message = function(m) {
  cat("message was:", conditionMessage(m))
  invokeRestart("muffleMessage")
})
f <- function() {
  message("from f")
  "f value"
}
print(withCallingHandlers(f(), message = function(m) cat("saw a message of class", class(m)[1], "\n")))
r <- tryCatch(message("to catch"), message = function(m) conditionMessage(m))
print(r)
suppressMessages(withCallingHandlers(message("hidden"), message = function(m) cat("handler before suppressMessages\n")))
print(tryInvokeRestart("muffleMessage"))

# 4. A handler that returns normally: the warning is still reported.
g <- function(x) {
  if (x < 0) warning("negative input")
  sqrt(abs(x))
}
print(withCallingHandlers(g(-4), warning = function(w) cat("noted:", conditionMessage(w), "\n")))
h <- function() {
  withCallingHandlers({
    warning("first")
    warning("second")
    "h done"
  }, warning = function(w) cat("passing on", conditionMessage(w), "\n"))
}
print(h())
