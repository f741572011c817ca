# An error GNU R's C code raises with error() rather than errorcall() names
# the call of the innermost closure running (as stop() does), not the
# operation's own call: complex %% and %/% ("unimplemented complex
# operation"), inside functions, in try(), and at top level.
dflt3 <- function(a, b) a %% b
r <- try(dflt3(2, 0+1i), silent = TRUE)
cat(r)
g <- function(x) x %/% 2i
h <- function() g(3)
r <- try(h(), silent = TRUE)
cat(r)
k <- function(x) try(x %% 1i, silent = TRUE)
cat(k(2))
for (i in 1:3) {
  r <- try(dflt3(i, 0+1i), silent = TRUE)
  cat(i, r)
}
# At top level: none, but R byte-compiles loops, whose byte code names the
# operation; try()'s condition names R's doTryCatch(...), its message the
# try() call.
r <- try(1i %% 2, silent = TRUE)
cat(r)
x <- 0
while (x < 3) {
  x <- x + 1
  if (x == 2) print(try(x %/% 1i, silent = TRUE))
}
for (i in 1:2) {
  r <- try((i + 0i) %% 2, silent = TRUE)
  cat(r)
  print(conditionMessage(attr(r, "condition")))
}
r <- try(stop("boom"), silent = TRUE)
print(r)
f <- function() {
  for (i in 1:3) print(dflt3(i, 0+1i))
}
f()
