# combn()'s stopifnot() check of m.
combn(4, 2)
combn(4, 1:2)
