# A function that returns from inside its loop, as fannkuch does: the OSR-in
# code compiled while the loop runs has never seen the return branch taken,
# so every call leaves it through a real dead-branch exit at its end.
f <- function(n) {
  s <- 0L
  i <- 0L
  repeat {
    i <- i + 1L
    s <- (s + i * 3L) %% 1009L
    if (i == n) return(s)
  }
}
total <- 0L
for (k in 1:30) total <- total + f(20000L)
print(total)
