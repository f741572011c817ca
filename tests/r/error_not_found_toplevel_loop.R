# GNU R byte-compiles top-level loops: an unbound variable in one is reported
# with the variable as the call (the AST interpreter reports none).
x <- 0
for (i in 1:3) {
  x <- x + i
  if (i == 3) y <- x + zz
}
