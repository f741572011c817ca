# match.arg with a non-character argument.
scale_by <- function(x, unit = c("m", "km")) {
  unit <- match.arg(unit)
  if (unit == "km") x / 1000 else x
}
print(scale_by(1500, "km"))
scale_by(1500, 2)
