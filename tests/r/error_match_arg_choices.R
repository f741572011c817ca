# match.arg with no matching choice, in the one-argument idiom.
fit <- function(x, type = c("linear", "quadratic", "cubic")) {
  type <- match.arg(type)
  paste(type, x)
}
print(fit(1))
print(fit(2, "cub"))
fit(3, "spline")
