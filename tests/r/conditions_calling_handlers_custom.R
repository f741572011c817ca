# Condition objects: custom classes with signalCondition, tryCatch on custom
# classes and condition =, warning()/message()/stop() of condition objects,
# restarts.

my_condition <- function(msg, class, call = NULL) {
  structure(class = c(class, "condition"), list(message = msg, call = call))
}

cond <- my_condition("custom thing happened", "myCondition")
print(class(cond))
print(conditionMessage(cond))
print(is.null(conditionCall(cond)))
print(cond)

# signalCondition: calling handlers run; with none taking it, NULL.
r <- withCallingHandlers(
  signalCondition(cond),
  myCondition = function(c) cat("handled:", conditionMessage(c), "\n"))
print(r)
print(signalCondition(cond))
# tryCatch by custom class, by condition =, first matching handler wins.
print(tryCatch(signalCondition(cond), myCondition = function(c) "caught by class"))
print(tryCatch(signalCondition(cond), condition = function(c) class(c)[1]))
print(tryCatch(signalCondition(cond), error = function(e) "not an error",
               myCondition = function(c) "second handler", condition = function(c) "third"))
# A class no handler names passes through.
print(tryCatch({ signalCondition(cond); "no handler matched" }, otherCondition = function(c) "no"))

# stop() of custom error classes.
my_error <- function(msg, data) {
  structure(class = c("myError", "error", "condition"),
            list(message = msg, call = NULL, data = data))
}
validate <- function(x) {
  if (x < 0) stop(my_error(paste("negative:", x), x))
  x
}
for (x in c(3, -2)) {
  r <- tryCatch(validate(x), myError = function(e) {
    cat("myError with data", e$data, ":", conditionMessage(e), "\n")
    NA
  })
  print(r)
}
print(tryCatch(validate(-7), error = function(e) class(e)))
e <- errorCondition("made by errorCondition", class = "valueError", data = list(v = 42))
print(class(e))
print(tryCatch(stop(e), valueError = function(err) err$data$v))
withCallingHandlers(
  tryCatch(stop(e), error = function(err) cat("exiting handler:", conditionMessage(err), "\n")),
  valueError = function(err) cat("calling handler first\n"))

# simpleCondition, simpleWarning, simpleError, simpleMessage.
sc <- simpleCondition("a simple condition")
class(sc) <- c("custom", "condition")
print(withCallingHandlers({ signalCondition(sc); "after signal" },
                          custom = function(c) cat("custom seen\n")))
sw <- simpleWarning("a simple warning")
print(class(sw))
print(tryCatch(warning(sw), warning = function(w) conditionMessage(w)))
r <- withCallingHandlers({ warning(sw); "continued after muffle" },
                         warning = function(w) invokeRestart("muffleWarning"))
print(r)
se <- simpleError("a simple error")
print(tryCatch(stop(se), error = function(e) conditionMessage(e)))
print(se)
sm <- simpleMessage("a simple message\n")
print(class(sm))
withCallingHandlers(message(sm), message = function(m) {
  cat("message object:", conditionMessage(m))
  invokeRestart("muffleMessage")
})
print(tryCatch(message(sm), condition = function(c) class(c)))
wc <- warningCondition("made by warningCondition", class = "deprecatedWarning")
r <- withCallingHandlers({
  warning(wc)
  "value after deprecated warning"
}, deprecatedWarning = function(w) {
  cat("deprecated:", conditionMessage(w), "\n")
  invokeRestart("muffleWarning")
})
print(r)

# Signals in a hot loop: a custom progress condition counted by a handler.
progress <- function(i) signalCondition(my_condition(paste("step", i), "progress"))
work <- function(n) {
  acc <- 0
  for (i in 1:n) {
    acc <- acc + i
    if (i %% 10 == 0) progress(i)
  }
  acc
}
ticks <- 0
last_tick <- ""
total <- withCallingHandlers(work(500), progress = function(p) {
  ticks <<- ticks + 1
  last_tick <<- conditionMessage(p)
})
cat("total:", total, "ticks:", ticks, "last:", last_tick, "\n")

# A handler signalling a condition of its own: outer handlers see it, the
# handler itself does not.
withCallingHandlers(
  withCallingHandlers(
    signalCondition(my_condition("original", "first")),
    first = function(c) {
      cat("inner handler re-signals\n")
      signalCondition(my_condition("from handler", "first"))
    }),
  first = function(c) cat("outer handler got:", conditionMessage(c), "\n"))

# Restarts.
r <- withRestarts(
  { cat("before restart\n"); invokeRestart("skip", "skipped value"); cat("not reached\n") },
  skip = function(v) v)
print(r)
print(withRestarts(invokeRestart("twice", 21), twice = function(x) x * 2))
print(withRestarts(10, unused = function() 0))
retry_parse <- function(x) {
  withRestarts(
    {
      v <- suppressWarnings(as.numeric(x))
      if (is.na(v)) {
        signalCondition(my_condition(paste("cannot parse", x), "parseProblem"))
        stop("unhandled parse problem")
      }
      v
    },
    useValue = function(v) v,
    useZero = function() 0)
}
vals <- withCallingHandlers(
  sapply(c("1.5", "abc", "2", "zz"), retry_parse),
  parseProblem = function(c) {
    if (grepl("abc", conditionMessage(c))) invokeRestart("useValue", -1)
    else invokeRestart("useZero")
  })
print(vals)
rs <- withRestarts(computeRestarts(), myRestart = function() NULL)
print(length(rs))
print(rs[[1]])
withCallingHandlers(warning("w"), warning = function(w) {
  r <- computeRestarts(w)
  print(r[[1]])
  invokeRestart(r[[1]])
})
print(tryInvokeRestart("noSuchRestart"))
# Restarts in a hot loop.
n_skipped <- 0
s <- 0
for (i in 1:300) {
  s <- s + withRestarts({
    if (i %% 7 == 0) invokeRestart("skipIt")
    i
  }, skipIt = function() { n_skipped <<- n_skipped + 1; 0 })
}
cat("s:", s, "skipped:", n_skipped, "\n")
