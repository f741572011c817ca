# An unbound variable in the arguments of a builtin inside a top-level loop:
# GNU R names the innermost call (its loop is byte-compiled).
for (i in 1:2) print(c(i, sum(2, if (i == 2) l4 else 0)))
