# Lists as records: field reads compiled under a shape speculation, with
# shapes that change in the middle of hot loops (fields retyped, added,
# removed, reordered, NA, a class with a `$` method, partial names).
make_rec <- function(i) list(id = i, x = i * 0.5, n = i, ok = (i %% 2L) == 0L)

sum_fields <- function(recs) {
  s <- 0
  k <- 0L
  m <- 0L
  for (r in recs) {
    s <- s + r$x
    k <- k + r$n
    if (r$ok) m <- m + 1L
  }
  c(s, k, m)
}

recs <- lapply(1:400, make_rec)
for (rep in 1:5) print(sum_fields(recs))

# a field retyped: x becomes an integer, n a double, ok NA
recs[[250]]$x <- 7L
recs[[260]]$n <- 2.5
recs[[270]]$ok <- NA
print(tryCatch(sum_fields(recs), error = function(e) conditionMessage(e)))
recs[[270]]$ok <- TRUE
print(sum_fields(recs))

# an integer field that is NA
recs[[300]]$n <- NA_integer_
print(sum_fields(recs))
recs[[300]]$n <- 300L

# fields reordered and a field added in front: another names vector
recs[[100]] <- list(extra = "a", ok = FALSE, n = 1L, x = 1.5, id = 100L)
print(sum_fields(recs))

# a field removed: `$` gives NULL
recs[[120]]$x <- NULL
print(tryCatch(sum_fields(recs), error = function(e) conditionMessage(e)))
recs[[120]]$x <- 60

# partial matching of a name (exact match absent)
recs[[130]] <- list(id = 130L, xval = 65, n = 130L, ok = TRUE)
print(sum_fields(recs))
recs[[130]] <- make_rec(130L)

# a class with a `$` method, set mid-loop
`$.weird` <- function(x, name) if (name == "x") 1000 else unclass(x)[[name]]
recs[[140]] <- structure(make_rec(140L), class = "weird")
print(sum_fields(recs))

# a duplicated name: `$` takes the first
recs[[150]] <- list(id = 150L, x = 1, x = 2, n = 150L, ok = TRUE)
print(sum_fields(recs))

# an environment and a data frame row list in place of a list
e <- new.env()
e$x <- 3; e$n <- 4L; e$ok <- TRUE
recs[[160]] <- e
print(sum_fields(recs))

# records updated in a hot loop, then read back
step <- function(p, dt) {
  p$x <- p$x + p$v * dt
  p$v <- p$v - 9.81 * dt
  if (p$x < 0) {
    p$x <- -p$x
    p$v <- -0.5 * p$v
    p$bounces <- p$bounces + 1L
  }
  p
}
p <- list(x = 10, v = 0, bounces = 0L)
for (i in 1:3000) p <- step(p, 0.01)
print(p)
q <- p
q$v <- "fast"
print(tryCatch(step(q, 0.01), error = function(e) conditionMessage(e)))
print(p$v)
p$bounces <- 2.5
for (i in 1:10) p <- step(p, 0.01)
print(p)
