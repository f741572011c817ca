# Locals read before the function binds them (R finds the enclosing
# binding): memoization through a global environment (memo[[key]] <- v
# makes memo a local), a global vector or list copied on modification.
memo <- new.env()
fibm <- function(n) {
  key <- as.character(n)
  if (!is.null(memo[[key]])) return(memo[[key]])
  r <- if (n <= 2) 1 else fibm(n - 1) + fibm(n - 2)
  memo[[key]] <- r
  r
}
for (k in 1:200) v <- fibm(50 + k %% 20)
print(v)
print(length(ls(memo)))
g <- c(1, 2, 3)
touch <- function(i) { g[2] <- i; g[[3]] <- g[1] + i; sum(g) }
t <- 0
for (i in 1:300) t <- t + touch(i)
print(c(t, g))
cnt <- list(a = 0)
bump <- function(k) { cnt$a <- cnt$a + k; cnt$a }
for (i in 1:300) b <- bump(i)
print(c(b, cnt$a))
lookup <- c(x = 1, y = 2)
rd <- function(nm) lookup[[nm]] * 2
s <- 0
for (i in 1:300) s <- s + rd(if (i %% 2) "x" else "y")
print(s)
nf <- function() { zzq[[1]] <- 1; zzq }
print(tryCatch(nf(), error = function(e) conditionMessage(e)))
