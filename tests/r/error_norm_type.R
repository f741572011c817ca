# norm() with a type LAPACK's dlange does not know.
m <- matrix(c(1, 2, 3, 4), 2)
norm(m, "F")
norm(m, "X")
