# Physical quantities with units: one Ops group method dispatching on .Generic.
qty <- function(value, unit) structure(value, unit = unit, class = "units")
print.units <- function(x, ...) {
  cat(paste(format(unclass(x)), attr(x, "unit")), sep = "\n")
  invisible(x)
}
unit_of <- function(x) if (inherits(x, "units")) attr(x, "unit") else ""

Ops.units <- function(e1, e2) {
  if (nargs() == 1) {
    v <- switch(.Generic,
      "-" = -unclass(e1),
      "+" = unclass(e1),
      "!" = stop("invalid unary operator for units: ", .Generic))
    return(qty(v, unit_of(e1)))
  }
  u1 <- unit_of(e1)
  u2 <- unit_of(e2)
  a <- unclass(e1)
  b <- unclass(e2)
  attr(a, "unit") <- NULL
  attr(b, "unit") <- NULL
  switch(.Generic,
    "+" = , "-" = {
      if (u1 != "" && u2 != "" && u1 != u2)
        stop(sprintf("incompatible units: %s and %s", u1, u2))
      qty(get(.Generic)(a, b), if (u1 != "") u1 else u2)
    },
    "*" = qty(a * b, paste0(u1, if (u1 != "" && u2 != "") "*", u2)),
    "/" = qty(a / b, if (u2 == "") u1 else paste0(u1, "/", u2)),
    "^" = qty(a^b, paste0(u1, "^", b)),
    "==" = , "!=" = , "<" = , ">" = , "<=" = , ">=" = {
      if (u1 != u2) stop("cannot compare ", u1, " with ", u2)
      get(.Generic)(a, b)
    },
    stop(sprintf("operator %s is not meaningful for units", .Generic)))
}

d <- qty(c(100, 250, 400), "m")
t <- qty(c(10, 20, 25), "s")
d + d
d - qty(50, "m")
d / t
d * 2
3 * d
d^2
-d
d > qty(200, "m")
d == d
print(d[2:3] + 1)
r <- tryCatch(d + t, error = function(e) conditionMessage(e))
print(r)
r <- tryCatch(d %% 3, error = function(e) conditionMessage(e))
print(r)
r <- tryCatch(!d, error = function(e) conditionMessage(e))
print(r)
r <- tryCatch(d < t, error = function(e) conditionMessage(e))
print(r)

# What a group method sees.
Ops.probe <- function(e1, e2) {
  cat(.Generic, "nargs:", nargs(), "method:", paste0("[", .Method, "]"),
      "class:", .Class, "\n")
  invisible(NULL)
}
p <- structure(1, class = c("probe", "thing"))
p + 1
2 * p
p == p
-p
!p
p & TRUE

# Inheritance: a temperature subclass reaches the parent's group method,
# and NextMethod from a specific method goes on to it.
temp <- function(v) structure(v, class = c("celsius", "temperature"))
Ops.temperature <- function(e1, e2) {
  v <- get(.Generic)(unclass(e1), unclass(e2))
  if (.Generic %in% c("+", "-", "*", "/")) temp(v) else v
}
"+.celsius" <- function(e1, e2) {
  cat("adding temperatures\n")
  NextMethod()
}
x <- temp(20) + temp(1.5)
print(unclass(x))
print(class(x))
print(temp(30) > temp(25))
print(unclass(temp(30) * 2))

# Two different methods: R warns and uses the internal operator.
a <- structure(1, class = "alpha")
b <- structure(2, class = "beta")
"+.alpha" <- function(e1, e2) "alpha's"
"+.beta" <- function(e1, e2) "beta's"
print(a + 1)
print(1 + b)
print(unclass(a + b))
add_ab <- function() unclass(a + b)
print(add_ab())
