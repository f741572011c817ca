# Conj of integers and logicals is a double in GNU R (attributes kept), as Re, Im, Mod and Arg are.
for (f in list(Conj, Re, Im, Mod, Arg)) { print(typeof(f(1L))); print(typeof(f(TRUE))); print(typeof(f(2.5))); print(f(c(a = -2L, b = 3L))) }
print(Conj(matrix(1:4, 2)))
print(Conj(NA_integer_)); print(Conj(NA)); print(typeof(Conj(NA))); print(Conj(c(1L, NA)))
l3 <- list(); for (i in 1:3) l3[[length(l3) + 1L]] <- Conj(i); print(table(sapply(l3, typeof)))
f <- function(v) { s <- 0; for (e in v) s <- s + Conj(e); s }
for (k in 1:20) r <- f(1:5)
print(r); print(typeof(Conj(5L) + 1L))
