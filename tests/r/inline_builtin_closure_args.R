# Builtins inlined in closures whose arguments read free variables (a
# function factory, sapply with an anonymous function): the free variable
# changes type mid-run, `sin` is redefined in the enclosing frame, and the
# free variable becomes unbound-then-global.
make_wave <- function(f, decay) function(x) sin(f * x) * exp(-decay * x)
w <- make_wave(1.5, 0.1)
s <- 0
for (k in 1:400) s <- s + w(k / 10)
print(s)
w2 <- make_wave(2L, 0L)
for (k in 1:300) s <- s + w2(k)
print(s)
w3 <- make_wave(TRUE, 1)
print(w3(0.25))
w4 <- make_wave(1 + 2i, 0)
print(w4(0.5))
w5 <- make_wave(NA_real_, 0)
print(w5(1))

damped <- function(xs, f, decay) {
  ys <- sapply(xs, function(x) sqrt(abs(f * x)) + floor(decay * x))
  sum(ys)
}
xs <- seq(-5, 5, length.out = 201)
tot <- 0
for (k in 1:60) tot <- tot + damped(xs, k / 7, 0.3)
print(tot)
print(damped(xs, 2L, 1L))

shadow <- function(n) {
  g <- function(x) sin(x) + cos(x)
  r <- 0
  for (i in 1:n) {
    if (i == n %/% 2) sin <- function(x) 100
    r <- r + g(i)
  }
  r
}
print(shadow(3000))

lookup_late <- function() {
  h <- function(x) abs(scale * x)
  out <- numeric(0)
  for (i in 1:500) out[i] <- h(-i)
  out[c(1, 250, 500)]
}
scale <- 2
print(lookup_late())
scale <- -0.5
print(lookup_late())
scale <- "a"
print(tryCatch(lookup_late(), error = function(e) conditionMessage(e)))
