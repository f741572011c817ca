# typeof of functions: R writes some in R (closure), some take their arguments unevaluated (special), the rest are builtins; the type shows in error messages.
for (f in list(log, sum, round, rep, sapply, length, `[`, c, paste, max, `+`, identity, signif, seq_len, lapply)) print(typeof(f))
r <- tryCatch(sum(log), error = function(e) conditionMessage(e)); print(r)
r <- tryCatch(sum(sapply), error = function(e) conditionMessage(e)); print(r)
r <- tryCatch(sum(max), error = function(e) conditionMessage(e)); print(r)
r <- tryCatch(log[[1]], error = function(e) conditionMessage(e)); print(r)
r <- tryCatch(sapply[[1]], error = function(e) conditionMessage(e)); print(r)
print(is.function(log)); print(class(log)); print(mode(rep))
