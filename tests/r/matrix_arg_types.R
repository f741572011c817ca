# Functions whose argument is a matrix, called with integer, double and
# logical matrices (and matrices that stop being matrices): each call gets
# a version for its element type, code entered with one reads it typed,
# and an update that changes the element type (an integer matrix given
# double values) is a new type, not a failure that recurs.

life_step <- function(g) {
  nr <- nrow(g); nc <- ncol(g)
  new <- g
  for (i in 2:(nr - 1)) for (j in 2:(nc - 1)) {
    nb <- g[i-1, j-1] + g[i-1, j] + g[i-1, j+1] + g[i, j-1] +
          g[i, j+1] + g[i+1, j-1] + g[i+1, j] + g[i+1, j+1]
    new[i, j] <- if (g[i, j] == 1 && (nb == 2 || nb == 3)) 1
                 else if (g[i, j] == 0 && nb == 3) 1 else 0
  }
  new
}
g <- matrix(as.integer((1:(30 * 30) * 7) %% 3 == 0), 30, 30)
print(typeof(g))
for (k in 1:15) g <- life_step(g)
print(typeof(g)); print(sum(g))

# The sum of a matrix's border, over int, double and logical matrices,
# with dimnames, then a 3-d array and a plain vector (no `dim` of two).
border <- function(m) {
  s <- 0
  nr <- nrow(m); nc <- ncol(m)
  for (j in 1:nc) s <- s + m[1, j] + m[nr, j]
  for (i in 2:(nr - 1)) s <- s + m[i, 1] + m[i, nc]
  s
}
mi <- matrix(1:20, 4, 5)
md <- matrix(seq(0.5, 10, by = 0.5), 4, 5)
ml <- matrix(c(TRUE, FALSE), 4, 5)
mn <- md
dimnames(mn) <- list(letters[1:4], LETTERS[1:5])
for (k in 1:200) r <- c(border(mi), border(md), border(ml), border(mn))
print(r)
mi[2, 2] <- NA
print(border(mi))
mi[1, 1] <- NA
print(border(mi))
a3 <- array(1:24, c(2, 3, 4))
r3 <- tryCatch(border(a3), error = function(e) conditionMessage(e))
print(r3)
v <- 1:10
rv <- tryCatch(border(v), error = function(e) conditionMessage(e))
print(rv)

# A matrix argument updated in place in a loop; the caller's copy stays.
scale_rows <- function(m, f) {
  for (i in 1:nrow(m)) for (j in 1:ncol(m)) m[i, j] <- m[i, j] * f[i]
  m
}
m0 <- matrix(1:6, 2, 3)
for (k in 1:300) m1 <- scale_rows(m0, c(2L, 3L))
print(m1); print(m0)
m2 <- scale_rows(m0, c(0.5, 2))
print(m2)
m3 <- scale_rows(matrix(c(TRUE, FALSE, TRUE, TRUE), 2, 2), c(1L, NA))
print(m3)
