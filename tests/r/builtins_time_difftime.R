# Sys.time() is a POSIXct; differences are difftime objects. Only classes,
# units and differences of fixed offsets are printed (times themselves vary).
t0 <- Sys.time()
print(class(t0))
s <- 0
for (i in 1:1000) s <- s + i
t1 <- Sys.time()
d <- t1 - t0
print(class(d))
print(units(d))
print(is.null(attributes(d >= 0)))
print(d >= 0)
print(as.numeric(d) >= 0)
print(class(t1 + 60))
print(class(t1 - 60))
print(t1 > t0 - 1)
# Differences of fixed offsets print as R does, in R's automatic units.
print((t0 + 5400) - t0)
print((t0 + 2.5) - t0)
print((t0 + 120) - t0)
print((t0 - 3 * 86400) - t0)
print(format((t0 + 5400) - t0))
print(difftime(t0 + 90, t0))
print(difftime(t0 + 90, t0, units = "secs"))
print(difftime(t0 + 7200, t0, units = "mins"))
print(units(difftime(t0 + 86400 * 2, t0)))
x <- structure(c(1.5, 2, 100), units = "secs", class = "difftime")
print(x)
print(x * 2)
print(unclass((t0 + 30) - t0))
print(as.numeric((t0 + 90) - t0))
print(((t0 + 90) - t0) > 1)
# A hot loop of date-time arithmetic.
acc <- 0
n_mins <- 0
for (i in 1:300) {
  dd <- (t0 + i) - t0
  if (units(dd) == "mins") n_mins <- n_mins + 1
  acc <- acc + as.numeric(dd)
}
cat("minutes:", n_mins, "sum:", round(acc, 4), "\n")
