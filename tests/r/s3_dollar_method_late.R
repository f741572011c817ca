# A `$` method whose name appears nowhere in the source (built by paste0 and
# bound by assign) after the field reads were compiled: from then on,
# classed records dispatch to it, in compiled code too, each read once.
total <- function(items) {
  s <- 0
  for (it in items) if (!is.null(it$v)) s <- s + abs(it$v)
  s
}
recs <- lapply(1:40, function(i) structure(list(v = -i), class = "rec"))
for (k in 1:100) t1 <- total(recs)
print(t1)
assign(paste0("$", ".", "rec"), function(x, name) {
  cat("rec", name, "\n")
  unclass(x)[[name]] * 10
})
print(total(recs[1:3]))
setter <- paste0("$", "<-", ".", "rec")
assign(setter, function(x, name, value) {
  y <- unclass(x)
  y[[name]] <- -value
  structure(y, class = "rec")
})
r <- recs[[2]]
r$v <- 7
print(unclass(r)$v)
