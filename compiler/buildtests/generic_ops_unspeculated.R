# Operations that run in the runtime get no speculation on their operands:
# integer `+` seen to overflow, a comparison with a string, arithmetic on a
# logical. (A test there would only exit when an operand changes type, as
# an accumulator that overflowed to NA does on every later iteration.)
# functions: acc, same, shift
acc <- function(s, k) s + k
same <- function(x) x == "7"
shift <- function(b, k) b + k
for (i in 1:20) {
  acc(2147483600L, i * 10L)
  same(i)
  shift(i > 3L, i)
}
