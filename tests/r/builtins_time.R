# Sys.time and proc.time are used only through differences, never printed raw.
t0 <- Sys.time()
s <- 0
for (i in 1:1000) s <- s + i
t1 <- Sys.time()
elapsed <- as.numeric(t1 - t0)
cat("elapsed is non-negative:", elapsed >= 0, "\n")
p0 <- proc.time()
p1 <- proc.time()
d <- p1 - p0
cat("proc diff non-negative:", d[["elapsed"]] >= 0, "\n")
print(s)
