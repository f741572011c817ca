# Element stores into a global vector from a compiled callee (`v[i] <<- w`
# copies the shared vector at every call) must not build the callee's frame,
# yet what does observe it afterwards sees the right frame: ls(),
# parent.frame(), and an error's Calls: trace.
v <- integer(8)
w <- numeric(8)
swap <- function(i, j) {
  tmp <- v[i]
  v[i] <<- v[j]
  v[j] <<- tmp
}
bump <- function(i, by) {
  w[i] <<- w[i] + by
  if (by > 1e6) return(ls())
  if (by < -1e6) stop("negative bump at ", i)
  w[i]
}
permute <- function(n) {
  if (n > 1L) {
    for (i in seq_len(n)) {
      permute(n - 1L)
      swap(if (n %% 2L == 0L) i else 1L, n)
    }
  } else {
    bump(v[1L] %% 8L + 1L, v[2L] + 0.5)
  }
}
v[] <- 1:8
for (r in 1:3) permute(6L)
print(v)
print(w)
print(bump(3L, 2e6))
where <- function() parent.frame()
probe <- function(k) {
  w[k] <<- -1
  e <- where()
  exists("k", envir = e, inherits = FALSE)
}
for (i in 1:300) ok <- probe(1L + i %% 8L)
print(ok)
print(w)
caller <- function() { for (i in 1:300) bump(2L, 1); bump(4L, -2e6) }
caller()
