# try(expr, silent): the try-error value (class, message, condition), the
# message on stderr unless silent (the call a direct stop() names is the
# try call; a long first line wraps), and try in a hot loop.
r <- try(log("a"), silent = TRUE)
print(class(r))
cat(r)
print(inherits(r, "try-error"))
print(conditionMessage(attr(r, "condition")))
x <- try(sqrt(4))
print(x)
try(stop("plain"))
f <- function(v) stop("in f: ", v)
try(f(3))
g <- function() { r <- try(stop("direct in g"), silent = FALSE); class(r) }
print(g())
h <- function(z) try(z + "a", silent = TRUE)
r <- h(1); cat(r)
try(stop("a very long message that goes on and on and on and on and on and on"))
k <- function(aaaaaaaaaaaaaaaa, bbbbbbbbbbbbbbbbbbbbbb) stop("longish message here ok")
try(k(1, 2))
y <- try(1 + 1, silent = TRUE); print(y)
try(stop("e"), TRUE)
print(unclass(try(stop("e2"), TRUE))[1])
nums <- c("1", "2", "b", "4")
tot <- 0; fails <- 0L
for (i in 1:400) {
  v <- try(if (nums[i %% 4 + 1] == "b") stop("bad value") else as.numeric(nums[i %% 4 + 1]), silent = TRUE)
  if (inherits(v, "try-error")) fails <- fails + 1L else tot <- tot + v
}
print(c(tot, fails))
