# Errors around language objects, caught: their messages and calls as R
# gives them.
report <- function(r) {
  if (inherits(r, "error")) {
    cat("Error in", deparse(conditionCall(r)), ":", conditionMessage(r), "\n")
  } else {
    print(r)
  }
}
report(tryCatch(eval(quote(undefined_variable)), error = function(e) e))
report(tryCatch(eval(quote(1 + undefined_variable)), error = function(e) e))
f <- function() eval(quote(missing_thing * 2))
report(tryCatch(f(), error = function(e) e))
report(tryCatch(eval(quote(x + 1), list(y = 2)), error = function(e) e))
report(tryCatch(parse(text = "1 +* 2"), error = function(e) e))
report(tryCatch(parse(text = "f(1,"), error = function(e) e))
report(tryCatch(parse(text = c("x <- 1", "y <- (2", "z")), error = function(e) e))
report(tryCatch(parse(text = "x <- 'unterminated"), error = function(e) e))
report(tryCatch(str2lang("a b"), error = function(e) e))
report(tryCatch(quote(a)[[1]], error = function(e) e))
report(tryCatch(call(1, 2), error = function(e) e))
report(tryCatch(as.call(1:3), error = function(e) e))
report(tryCatch(eval(call("no_such_fun", 1)), error = function(e) e))
lab <- function(x) { cat("label:", deparse(substitute(x)), "\n"); x + 1 }
report(tryCatch(lab(undefined_y), error = function(e) e))
report(tryCatch(match.arg("z", c("a", "b")), error = function(e) e))
g <- function(x) x
report(tryCatch(g(undefined_z), error = function(e) e))
cat("done\n")
