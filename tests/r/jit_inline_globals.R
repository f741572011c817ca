# Inlined callees written at top level that read and assign globals (fasta's
# gen_random): constants defined once (speculated, guarded by the global
# epoch), a variable updated with `<<-`, redefinitions of a constant (same
# type, then another type), a callee that needs a check after its `<<-` (not
# inlined), and `<<-` from a closure defined inside a function (not global;
# that function's loop must not be compiled with its locals in IR values).
IM <- 139968L
IA <- 3877L
IC <- 29573L
last <- 42L
gen_random <- function(max) {
  last <<- (last * IA + IC) %% IM
  max * last / IM
}
run <- function(n) {
  s <- 0
  for (i in 1:n) s <- s + gen_random(1)
  s
}
for (k in 1:120) r <- run(50)
print(r)
print(last)
# A constant redefined: code that assumed IA's value must see the new one.
IA <- 1234L
for (k in 1:120) r <- run(50)
print(r)
print(last)
# Redefined to a double: `last` becomes a double too.
IC <- 0.5
for (k in 1:120) r <- run(50)
print(r)
print(last)
# A global written twice is read, not assumed; reading it again after the
# store needs a check, so this callee is not inlined.
counter <- 0L
step <- 2L
step <- 3L
bump <- function() {
  counter <<- counter + step
  counter * step
}
tally <- function(n) {
  t <- 0L
  for (i in 1:n) t <- t + bump()
  t
}
for (k in 1:120) r <- tally(20)
print(r)
print(counter)
step <- 1L
print(tally(20))
# `<<-` from a closure made inside a function assigns in that function's
# frame, which OSR-in code of its loop used to keep in IR values.
make_counter <- function() {
  count <- 0L
  inc <- function() {
    count <<- count + 1L
    count
  }
  total <- 0L
  for (i in 1:300) total <- total + inc()
  c(total, count)
}
print(make_counter())
# A recursive function called from compiled code reads its callee from the
# global binding (bound once) under the epoch guard, not by a lookup; the
# compiled code must see a redefinition.
fibr <- function(n) if (n < 2L) n else fibr(n - 1L) + fibr(n - 2L)
for (k in 1:30) r <- fibr(12L)
print(r)
fibr_old <- fibr
fibr <- function(n) -1L
print(fibr_old(12L))
print(fibr_old(1L))
