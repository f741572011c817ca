# Reading globals from a callee written at top level: `affine` reads the
# globals `gain` and `offset` (defined once) and is inlined into `run`,
# where they are constants under one global-epoch guard
# (`global_epoch_is`, a redefinition exits); compiled alone, `affine` reads
# them with `load_global`.
# functions: affine, run
gain <- 2.5
offset <- 1
affine <- function(x) x * gain + offset
run <- function(n) {
  s <- 0
  for (i in 1:n) s <- s + affine(i)
  s
}
for (k in 1:20) run(10L)
