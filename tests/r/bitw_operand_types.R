# The bitw* functions take operands as R does: doubles truncated to integers,
# a shift count of any type coerced, else both operands must have one type
# ("same type" error) and it must be integer ("unimplemented type ... in ...",
# a message ending in a newline, which the top-level report keeps single).
print(tryCatch(bitwAnd("a", "b"), error = function(e) conditionMessage(e)))
print(tryCatch(bitwAnd(NULL, NULL), error = function(e) conditionMessage(e)))
print(tryCatch(bitwShiftL(TRUE, 2L), error = function(e) conditionMessage(e)))
print(bitwShiftL(5L, "2"))
print(bitwShiftL(5L, TRUE))
print(bitwShiftL(5.7, 2.9))
print(bitwAnd(5.7, 3))
print(tryCatch(bitwNot(TRUE), error = function(e) conditionMessage(e)))
print(bitwNot(5.5))
print(bitwOr(c(1L, NA), 2.5))
print(tryCatch(bitwAnd(list(1), 2L), error = function(e) conditionMessage(e)))
bitwXor(TRUE, FALSE)
