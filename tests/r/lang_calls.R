# sys.call() and match.call() in functions with defaults, named and
# partially named arguments, and `...`; call(), as.call() and do.call().

f <- function(x, y = 2, ...) match.call()
print(f(1))
print(f(1, 3))
print(f(y = 5, 1))
print(f(1, z = 3, 2))
print(f(1, 2, 3, 4))
print(f(x = a + b))

g <- function(alpha, beta = 10, gamma) match.call()
print(g(be = 3, 1))
print(g(gam = "s", al = TRUE))
print(g(1, 2, 3))

h <- function(...) match.call()
print(h(1, b = 2, c))

mc <- function(x, n = 5) {
  cl <- match.call()
  cat("function:", as.character(cl[[1]]), "\n")
  cat("args:", names(cl)[-1], "\n")
  cl$n <- 10
  cl
}
print(mc(q))
r <- mc(x = 1:3, n = 2)
print(r)
print(eval(r[[2]]))

# sys.call() gives the call as written.
s <- function(x, y) sys.call()
print(s(y = 1, 2))
print(s(1 + 2, "b"))
s2 <- function(...) sys.call()
print(s2())
print(s2(a, b, c = d))
outer_f <- function(v) inner_f(v * 2)
inner_f <- function(w) sys.call()
print(outer_f(3))

# A constructor that records how it was called.
make <- function(kind, size = 1, ...) {
  obj <- list(kind = kind, size = size, extra = list(...))
  attr(obj, "call") <- match.call()
  obj
}
o <- make("box", size = 3, color = "red")
print(attr(o, "call"))
print(o$extra)

# Recording the call in an error message.
safe_div <- function(a, b) {
  if (b == 0) {
    cl <- sys.call()
    return(paste("division by zero in", deparse(cl)))
  }
  a / b
}
print(safe_div(1, 0))
print(safe_div(6, 3))

# call(), as.call() and do.call().
cl <- call("round", 10.5678, digits = 2)
print(cl); print(eval(cl))
cl2 <- as.call(list(as.name("max"), 3, 9, 4))
print(cl2); print(eval(cl2))
print(do.call("paste", list("a", "b", sep = "+")))
print(do.call(paste0, list("x", 1:3)))
fname <- "sum"
print(do.call(fname, as.list(1:10)))
args_l <- list(1:10)
print(do.call("mean", args_l))
cl3 <- call("list", a = 1, b = quote(zz))
print(cl3)
zz <- "value of zz"
print(eval(cl3))

# bquote fills in values.
n <- 3
print(bquote(x^.(n)))
print(bquote(function(x) x + .(n)))
tmpl <- bquote(.(as.name("w")) * .(n + 1))
print(tmpl)
print(eval(tmpl, list(w = 2)))

# sys.function and body/formals/args.
sq <- function(x, p = 2) x^p
print(body(sq))
print(formals(sq))
print(formals(sq)$p)
print(names(formals(sq)))
print(args(sq))
self_ref <- function() class(sys.function())
print(self_ref())
print(body(function(a) { b <- a; b * 2 }))
