# Calling handlers around hot code: compiled callees raising warnings from
# builtins, handlers updating the caller's variables with <<-, regions
# left by break/next, handlers inside functions called many times.

parse_all <- function(xs) {
  out <- integer(length(xs))
  for (i in seq_along(xs)) out[i] <- as.integer(xs[i])
  out
}
safe_roots <- function(v) {
  s <- 0
  for (x in v) s <- s + sqrt(x)
  s
}

bad <- 0
msgs <- character(0)
res <- withCallingHandlers({
  a <- parse_all(rep(c("10", "x", "20", "y"), 75))
  b <- safe_roots(c(4, 9, -1, 16))
  list(sum(a, na.rm = TRUE), b)
}, warning = function(w) {
  bad <<- bad + 1
  if (length(msgs) < 3) msgs <<- c(msgs, conditionMessage(w))
  invokeRestart("muffleWarning")
})
cat("bad:", bad, "\n")
print(msgs)
print(res)

# A function with its own handler region, called in a hot loop.
checked_div <- function(a, b) {
  note <- "ok"
  r <- withCallingHandlers({
    if (b == 0) warning("division by zero")
    a / b
  }, warning = function(w) {
    note <<- "warned"
    invokeRestart("muffleWarning")
  })
  if (note == "warned") NA else r
}
total <- 0
nas <- 0
for (i in 1:400) {
  r <- checked_div(i, i %% 5)
  if (is.na(r)) nas <- nas + 1 else total <- total + r
}
cat("nas:", nas, "total:", round(total, 4), "\n")

# A handler that counts and lets every warning through, with many warnings
# (only counted at the end by Rscript).
seen <- 0
for (i in 1:220) {
  withCallingHandlers(as.numeric("nope"), warning = function(w) seen <<- seen + 1)
}
cat("seen:", seen, "\n")

# Error calling handlers in a loop, with tryCatch around each step.
errs <- 0
results <- numeric(0)
for (i in 1:300) {
  r <- tryCatch(
    withCallingHandlers({
      if (i %% 50 == 0) stop("step ", i, " failed")
      i * 2
    }, error = function(e) errs <<- errs + 1),
    error = function(e) -1)
  results <- c(results, r)
}
cat("errs:", errs, "failed steps:", sum(results == -1), "sum:", sum(results), "\n")

# break and next out of a handler region: its handlers end there.
for (i in 1:5) {
  withCallingHandlers({
    if (i == 2) next
    if (i == 4) break
    cat("i =", i, "\n")
  }, warning = function(w) cat("never\n"))
}
ff <- function() {
  out <- 0
  for (i in 1:300) {
    withCallingHandlers({
      if (i %% 3 == 0) next
      if (i > 250) break
      out <- out + i
    }, warning = function(w) invokeRestart("muffleWarning"))
  }
  warning("after the loop")
  out
}
print(withCallingHandlers(ff(), warning = function(w) cat("outer saw:", conditionMessage(w), "\n")))

# Nested functions: the handler of the closest caller first.
level3 <- function() { warning("deep"); "level3 value" }
level2 <- function() withCallingHandlers(level3(), warning = function(w) cat("level2 handler\n"))
level1 <- function() withCallingHandlers(level2(), warning = function(w) {
  cat("level1 handler\n")
  invokeRestart("muffleWarning")
})
for (k in 1:2) print(level1())

# on.exit runs after the calling handler (the handler runs before unwinding).
cleanup <- function() {
  on.exit(cat("on.exit of cleanup\n"))
  stop("cleanup failed")
}
r <- tryCatch(withCallingHandlers(cleanup(), error = function(e) cat("calling handler first\n")),
              error = function(e) "caught after on.exit")
print(r)

# A handler assigning a variable of a running function through a closure
# that function made: the function must see the new value at once, also
# when it is called from other hot code.
bump <- NULL
tally <- function(k) {
  n <- 0
  bump <<- function() n <<- n + 1
  for (i in 1:k) {
    x <- as.integer("not a number")
    n <- n + 0
  }
  n
}
via <- function(k) tally(k) + 0
got <- 0
for (j in 1:4) {
  got <- got + withCallingHandlers(via(250), warning = function(w) {
    bump()
    invokeRestart("muffleWarning")
  })
}
print(got)
