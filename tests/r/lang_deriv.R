# A small symbolic differentiator over quoted expressions: walks calls
# recursively, builds new calls with call() and as.call(), simplifies, and
# checks the result numerically with eval().

is_num <- function(e) is.numeric(e) && length(e) == 1

simplify <- function(e) {
  if (!is.call(e)) return(e)
  op <- as.character(e[[1]])
  args <- lapply(as.list(e)[-1], simplify)
  if (length(args) == 2) {
    a <- args[[1]]; b <- args[[2]]
    if (op == "+") {
      if (is_num(a) && a == 0) return(b)
      if (is_num(b) && b == 0) return(a)
      if (is_num(a) && is_num(b)) return(a + b)
    } else if (op == "-") {
      if (is_num(b) && b == 0) return(a)
      if (is_num(a) && is_num(b)) return(a - b)
      if (identical(a, b)) return(0)
    } else if (op == "*") {
      if ((is_num(a) && a == 0) || (is_num(b) && b == 0)) return(0)
      if (is_num(a) && a == 1) return(b)
      if (is_num(b) && b == 1) return(a)
      if (is_num(a) && is_num(b)) return(a * b)
    } else if (op == "/") {
      if (is_num(b) && b == 1) return(a)
      if (is_num(a) && a == 0) return(0)
    } else if (op == "^") {
      if (is_num(b) && b == 1) return(a)
      if (is_num(b) && b == 0) return(1)
    }
  }
  as.call(c(list(as.name(op)), args))
}

d <- function(e, v) {
  if (is.numeric(e)) return(0)
  if (is.name(e)) return(if (identical(e, as.name(v))) 1 else 0)
  op <- as.character(e[[1]])
  if (op == "(") return(d(e[[2]], v))
  if (length(e) == 2) {
    u <- e[[2]]
    du <- d(u, v)
    return(switch(op,
      "-" = call("-", du),
      "sin" = call("*", call("cos", u), du),
      "cos" = call("*", call("-", call("sin", u)), du),
      "exp" = call("*", e, du),
      "log" = call("/", du, u),
      "sqrt" = call("/", du, call("*", 2, e)),
      stop("unknown function ", op)))
  }
  u <- e[[2]]; w <- e[[3]]
  du <- d(u, v); dw <- d(w, v)
  switch(op,
    "+" = call("+", du, dw),
    "-" = call("-", du, dw),
    "*" = call("+", call("*", du, w), call("*", u, dw)),
    "/" = call("/", call("-", call("*", du, w), call("*", u, dw)), call("^", w, 2)),
    "^" = if (is.numeric(w)) {
      call("*", call("*", w, call("^", u, w - 1)), du)
    } else {
      call("*", e, call("+", call("*", dw, call("log", u)), call("/", call("*", w, du), u)))
    },
    stop("unknown operator ", op))
}

deriv1 <- function(e, v = "x") simplify(d(e, v))

exprs <- list(
  quote(x^2),
  quote(3 * x^3 + 2 * x - 7),
  quote(sin(x) * cos(x)),
  quote(exp(2 * x) / x),
  quote(log(x^2 + 1)),
  quote(sqrt(x) - 1 / x),
  quote(x^x),
  quote((x + 1) * (x - 1)),
  quote(-x * y + y^2)
)

x <- 1.7; y <- 0.3
for (e in exprs) {
  de <- deriv1(e)
  cat("d/dx", deparse(e), "=", deparse(de), "\n")
  h <- 1e-6
  num <- (eval(e, list(x = x + h, y = y)) - eval(e, list(x = x - h, y = y))) / (2 * h)
  cat("  at x = 1.7:", format(eval(de), digits = 6), "numeric", format(num, digits = 6), "\n")
}

# Second derivatives, printed as R prints calls.
d2 <- deriv1(deriv1(quote(x^3 - 2 * x)))
print(d2)
print(class(d2))
print(deriv1(quote(y * x^2), "y"))

# Walking an expression: the symbols and functions it uses.
vars_in <- function(e) {
  if (is.name(e)) return(as.character(e))
  if (!is.call(e)) return(character(0))
  unique(unlist(lapply(as.list(e)[-1], vars_in)))
}
funs_in <- function(e) {
  if (!is.call(e)) return(character(0))
  unique(c(as.character(e[[1]]), unlist(lapply(as.list(e)[-1], funs_in))))
}
big <- quote(a * sin(b + c) / exp(a - d) + log(b))
print(vars_in(big))
print(funs_in(big))
print(length(big)); print(big[[1]]); print(big[[2]][[3]])

# Replacing parts of a call.
e <- quote(f(x, y))
e[[1]] <- as.name("g")
e[[3]] <- quote(z + 1)
print(e)
e[["w"]] <- 5
print(e)
print(names(e))
print(identical(d(quote(x + x), "x"), quote(1 + 1)))
