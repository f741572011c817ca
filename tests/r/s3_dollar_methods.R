# `$` and `$<-` are internal generics: a classed object's `$.<class>` and
# `$<-.<class>` methods run (searched along the class vector), in hot code
# too, and inside the arguments of calls the JIT inlines (is.null(x$f)).
`$.counter` <- function(x, name) {
  cat("get", name, "\n")
  unclass(x)[[name]]
}
`$<-.counter` <- function(x, name, value) {
  y <- unclass(x)
  y[[name]] <- value * 2
  structure(y, class = "counter")
}
cl <- structure(list(n = 1, m = NULL), class = "counter")
print(cl$n)
cl$n <- 5
print(unclass(cl)$n)
print(is.null(cl$m))

# A subclass without its own method uses the parent's.
sub <- structure(list(n = 3), class = c("special", "counter"))
print(sub$n)

# Hot code that meets a classed record only late (compiled, then the
# method must run, once per access, with its output in order).
total <- function(items) {
  s <- 0
  for (it in items) if (!is.null(it$v)) s <- s + abs(it$v)
  s
}
plain <- lapply(1:50, function(i) list(v = -i))
for (k in 1:100) t1 <- total(plain)
print(t1)
`$.loud` <- function(x, name) {
  cat("loud", name, "\n")
  unclass(x)[[name]]
}
mixed <- c(plain[1:3], list(structure(list(v = 10), class = "loud")))
print(total(mixed))

# An unclassed list still reads and updates its fields directly.
p <- list(a = 1, b = 2)
for (i in 1:200) p$a <- p$a + p$b
print(p$a)
