# A length-one vector that compiled code made from a scalar (a for loop's
# sequence probed as a vector) used afterwards by builtins, indexing,
# arithmetic and printing: the same R value as the scalar, in every tier.
probe <- function(n) {
  s <- seq(n, 1L, -1L)
  for (j in s) n <- n + 0L
  s
}
for (k in 1:300) probe(if (k %% 2 == 0) 1L else 2L)
one <- probe(1L)
print(switch(one, "a", "b"))
print(seq_len(one)); print(rep("x", one)); print(1:one)
for (i in 1:one) print(i)
print(list(10, 20)[[one]]); print(c(a = 5)[[one]])
print(paste(one)); print(as.character(one)); print(format(one)); print(sprintf("%d", one))
print(identical(one, 1L)); print(one == 1L); if (one == 1) print("yes")
print(max(one)); print(sum(one)); print(is.integer(one)); print(length(one)); print(nchar(one))
print(one + 1.5); print(-one); print(one %/% 2L); print(one:3)
m <- matrix(1:4, 2); print(m[one, one]); print(m[one, ])
x <- 1:5; x[one] <- 10L; print(x)
print(vapply(1:2, function(i) one + i, 1L))
print(sapply(one, function(v) v * 2))
print(is.na(one)); print(as.numeric(one)); print(typeof(one)); print(class(one))
print(all.equal(one, 1L)); print(unique(c(one, 1L))); print(match(one, 3:1))
print(do.call(sum, list(one, 2L))); print(Reduce(`+`, list(one, one)))
print(strtoi("11", base = one + 1L)); print(substr("hello", one, one + 2L))
print(round(one / 3, one)); print(seq(one, 5, by = 2))
f <- function(a = one) a * 3L; print(f())
l <- list(); l[[one]] <- "first"; print(l)
e <- new.env(); assign("v", one, envir = e); print(get("v", envir = e))
print(vector("list", one)); print(numeric(one)); print(character(one))
print(tryCatch(stopifnot(one == 1L), error = function(e) "err"))
print(mapply(function(a, b) a + b, one, 2L))
print(outer(one, 1:2)); print(diag(one)); print(t(one))
str(one); print(summary(one))
print(order(c(3L, one))); print(sort(c(3L, one))); print(rev(c(one, 2L)))
print(which(one == 1L)); print(ifelse(one > 0, "pos", "neg"))
print(bitwAnd(one, 3L)); print(as.logical(one)); print(as.complex(one))
