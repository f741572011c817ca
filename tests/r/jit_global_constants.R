# Free variables bound once at top level to a scalar are constants in
# compiled code, guarded by the global epoch: rebinding one (at top level,
# by <<-, by assign(), by rm()) mid-run must show the new value at once.
rate <- 0.5
n_max <- 40L
flag <- TRUE
step <- function(x) if (flag) x * rate + n_max else x - rate
run <- function(k) {
  s <- 0
  for (i in 1:k) s <- s + step(i)
  s
}
print(run(5000))
rate <- 2
print(run(5000))
set_rate <- function(r) rate <<- r
set_rate(0.25)
print(run(5000))
assign("n_max", 7L)
print(run(5000))
flag <- FALSE
print(run(5000))
acc <- 0
for (i in 1:6000) {
  acc <- acc + step(i)
  if (i == 3000) rate <- 10
  if (i == 4500) flag <- TRUE
}
print(acc)
rm(rate)
print(tryCatch(run(3), error = function(e) conditionMessage(e)))
rate <- "x"
print(tryCatch(run(3), error = function(e) conditionMessage(e)))
rate <- 1L
print(run(5000))
scale2 <- function(v) v * unit
unit <- 3
print(sum(sapply(1:3000, scale2)))
unit <- 4.5
print(sum(sapply(1:3000, scale2)))
deep <- function(i) if (i > 2990) inner(i) else i
inner <- function(i) stop("deep failure at ", i)
sapply(1:3000, deep)
