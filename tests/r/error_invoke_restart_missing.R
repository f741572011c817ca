# invokeRestart of a restart that is not established: R's error.
f <- function() {
  r <- withRestarts(invokeRestart("known", 1), known = function(x) x + 1)
  print(r)
  print(tryInvokeRestart("unknownRestart"))
  invokeRestart("unknownRestart")
}
f()
