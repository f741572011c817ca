# Errors from builtin argument checks.
rep(1:3, times = -1)
