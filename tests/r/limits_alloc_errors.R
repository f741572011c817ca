# Resource limits are R errors, never a crash (issue 19): vectors too long to
# describe or to allocate, infinite and invalid lengths.
msg <- function(e) cat("error:", conditionMessage(e), "\n")
tryCatch(numeric(1e10), error = msg)
tryCatch(numeric(1e19), error = msg)
tryCatch(numeric(Inf), error = msg)
tryCatch(numeric(-1), error = msg)
tryCatch(integer(1e10), error = msg)
tryCatch(character(1e10), error = msg)
tryCatch(logical(1e19), error = msg)
tryCatch(vector("list", 1e19), error = msg)
tryCatch(vector("numeric", 1e10), error = msg)
tryCatch(rep(1, Inf), error = msg)
tryCatch(rep(1, 1e10), error = msg)
tryCatch(rep(1:2, times = 1e19), error = msg)
tryCatch(rep(1, each = 1e19), error = msg)
tryCatch(rep_len(1, 1e19), error = msg)
tryCatch(seq(1, 10, length.out = 1e19), error = msg)
tryCatch(seq_len(1e19), error = msg)
tryCatch(seq_len(-1), error = msg)
tryCatch(1:1e16, error = msg)
tryCatch(matrix(0, 1e5, 1e5), error = msg)
x <- 1:3
tryCatch(length(x) <- 1e10, error = msg)
tryCatch(length(x) <- 1e19, error = msg)
tryCatch(length(x) <- Inf, error = msg)
tryCatch(length(x) <- -1, error = msg)
tryCatch(length(x) <- NA, error = msg)
length(x) <- 5
print(x)
l <- list(a = 1)
length(l) <- 3
print(l)
# A loop that allocates too much stops with the error, not the machine.
f <- function(n) { v <- numeric(n); length(v) }
for (k in c(10, 1e3, 1e6)) print(f(k))
tryCatch(for (k in c(10, 1e12)) print(f(k)), error = msg)
