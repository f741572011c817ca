# Environments as values: new.env, assign/get/exists/mget/ls/rm, $ and [[, local, memo tables.
e <- new.env()
assign("x", 10, envir = e)
e$y <- 20
e[["z"]] <- 30
print(get("x", envir = e)); print(e$y); print(e[["z"]])
print(ls(e))
print(exists("x", envir = e)); print(exists("nope", envir = e)); print(exists("x", envir = e, inherits = FALSE))
print(mget(c("x", "y"), envir = e))
rm("x", envir = e)
print(ls(e))
print(is.environment(e)); print(is.environment(1))
print(class(e)); print(typeof(e)); print(length(e))
f <- function(env) env$count <- env$count + 1
e$count <- 0
for (i in 1:5) f(e)
print(e$count)
g <- function() { x <- 1; h <- function() parent.frame(); identical(h(), environment()) }
print(g())
print(identical(globalenv(), environment()))
counter <- local({ n <- 0; function() { n <<- n + 1; n } })
counter(); counter(); print(counter())
memo <- new.env(hash = TRUE)
fib <- function(n) {
  key <- as.character(n)
  v <- memo[[key]]
  if (!is.null(v)) return(v)
  r <- if (n < 2) n else fib(n - 1) + fib(n - 2)
  assign(key, r, envir = memo)
  r
}
print(fib(60))
print(length(ls(memo)))
x <- 5
print(get("x")); print(get0("nope", ifnotfound = "default")); print(exists("x"))
k <- function() { y <- 2; assign("y", 3); get("y") }
print(k())
print(environmentName(globalenv())); print(environmentName(emptyenv()))
print(get("sum")(1:4))
print(exists("sum")); print(exists("sum", mode = "function")); print(exists("x", mode = "function"))
e2 <- new.env(parent = emptyenv())
print(exists("sum", envir = e2))
ee <- e
ee$w <- 99
print(e$w)
fn <- function() NULL
print(identical(environment(fn), globalenv()))
mk <- function() { secret <- 42; function() secret }
print(environment(mk())$secret)
print(get("secret", envir = environment(mk())))
print(ls())
rm(x)
print(exists("x"))
r <- tryCatch(get("nope"), error = function(e) conditionMessage(e))
print(r)
print(e$nothing)
l <- list(a = 1, env = e)
print(l$env$y)
