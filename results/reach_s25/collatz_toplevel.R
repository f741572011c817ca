collatz <- integer(0)
for (start in 1:3000) { n <- start; steps <- 0L; while (n != 1) { n <- if (n %% 2 == 0) n / 2 else 3 * n + 1; steps <- steps + 1L }; collatz[start] <- steps }
print(c(which.max(collatz), max(collatz)))
