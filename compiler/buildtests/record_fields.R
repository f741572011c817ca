# Lists as records: `p$x` whose feedback saw one scalar type on a value seen
# only as a list becomes `field.test` + assume + `field.load` (no runtime
# call, no box); `p$kind` (a string) stays a runtime `$`, and so does the
# `$` of `e`, which the profile saw as an environment.
# functions: energy, kind_of, env_field
energy <- function(p) 0.5 * p$m * (p$vx * p$vx + p$vy * p$vy) + p$n
kind_of <- function(p) p$kind == "spark"
env_field <- function(e) e$x + 1
p <- list(m = 2, vx = 1.5, vy = -0.5, n = 3L, kind = "spark")
e <- new.env()
e$x <- 2
for (k in 1:20) {
  energy(p)
  kind_of(p)
  env_field(e)
}
