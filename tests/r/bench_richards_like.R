# A small task-queue simulation with records in lists (Richards-style flavour).
tasks <- list()
for (i in 1:8) tasks[[i]] <- list(id = i, priority = (i * 37) %% 11, work = i * 3, done = 0)
queue <- order(sapply(tasks, function(t) t$priority), decreasing = TRUE)
ticks <- 0
log <- integer(0)
while (length(queue) > 0) {
  id <- queue[1]
  queue <- queue[-1]
  t <- tasks[[id]]
  step <- min(4, t$work - t$done)
  t$done <- t$done + step
  ticks <- ticks + step
  tasks[[id]] <- t
  if (t$done < t$work) queue <- c(queue, id) else log <- c(log, id)
}
print(ticks)
print(log)
print(sum(sapply(tasks, function(t) t$done * t$priority)))
