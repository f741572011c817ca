# 2-d vectors with arithmetic methods used in hot loops (compiled code), and
# loops whose values change from plain numbers to classed objects midway.
vec2d <- function(x, y) structure(c(x = x, y = y), class = "vec2d")
print.vec2d <- function(v, ...) cat(sprintf("vec2d(%g, %g)\n", v[["x"]], v[["y"]]))
Ops.vec2d <- function(e1, e2) {
  if (missing(e2)) {
    if (.Generic == "-") return(vec2d(-e1[["x"]], -e1[["y"]]))
    stop("unsupported unary ", .Generic)
  }
  a <- if (inherits(e1, "vec2d")) unclass(e1) else c(x = e1, y = e1)
  b <- if (inherits(e2, "vec2d")) unclass(e2) else c(x = e2, y = e2)
  r <- switch(.Generic,
    "+" = a + b, "-" = a - b, "*" = a * b, "/" = a / b,
    "==" = return(all(a == b)), "!=" = return(any(a != b)),
    stop("unsupported operator ", .Generic))
  vec2d(r[["x"]], r[["y"]])
}
norm2 <- function(v) sqrt(v[["x"]]^2 + v[["y"]]^2)

# A particle under gravity: 400 steps of a function applying the operators.
step <- function(pos, vel, dt) {
  acc <- vec2d(0, -9.81)
  vel <- vel + acc * dt
  list(pos = pos + vel * dt, vel = vel)
}
state <- list(pos = vec2d(0, 100), vel = vec2d(5, 0))
for (i in 1:400) state <- step(state$pos, state$vel, 0.01)
print(state$pos)
print(state$vel)
print(round(norm2(state$vel), 6))

# Equality tests on classed objects in `if`, hot.
count_equal <- function(vs, target) {
  n <- 0
  for (v in vs) if (v == target) n <- n + 1
  n
}
vs <- lapply(1:350, function(i) vec2d(i %% 3, 1))
print(count_equal(vs, vec2d(1, 1)))
print(count_equal(vs, vec2d(5, 5)))

# The same accumulation over plain numbers, then over vectors: compiled code
# that speculated on numbers must take the method when the class appears.
accumulate <- function(xs) {
  s <- 0
  for (k in seq_along(xs)) s <- s + xs[[k]] * 2
  s
}
print(accumulate(as.list(1:400)))
print(accumulate(as.list(seq(0.5, 200, by = 0.5))))
print(accumulate(list(vec2d(1, 2), vec2d(3, 4))))
mixed <- c(as.list(1:320), list(vec2d(1, 1)), as.list(1:5))
print(accumulate(mixed))

# At top level: a loop over numbers that becomes a loop over vectors.
total <- 0
for (i in 1:500) {
  v <- if (i <= 300) i else vec2d(i, -i)
  total <- total + v
  if (i == 300) cat("numbers:", total, "\n")
}
print(total)
print(-total)
print(total != vec2d(0, 0))

# A method reading and updating globals that the loop assigns too.
ops_count <- 0
scale <- 1
"*.scaled" <- function(e1, e2) {
  ops_count <<- ops_count + 1
  structure(unclass(e1) * e2 * scale, class = "scaled")
}
s <- structure(2, class = "scaled")
acc <- 0
for (i in 1:400) {
  scale <- i %% 4
  acc <- acc + unclass(s * 0.5)
  if (i %% 100 == 0) ops_count <- ops_count + 1000
}
cat(acc, ops_count, "\n")
