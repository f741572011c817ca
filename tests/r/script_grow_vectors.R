# Collecting results the way R scripts do: growing vectors one element at a
# time (x[i] <- v, x[length(x) + 1] <- v, x[[n]] <- v), at top level and in
# functions, with strings, lists, type changes and gaps.
squares <- numeric(0)
for (i in 1:6000) squares[i] <- i * i
cat(length(squares), sum(squares), squares[5999], "\n")

labels <- character(0)
for (i in 1:6000) labels[length(labels) + 1] <- paste0("id", i %% 97)
cat(length(labels), labels[1:3], labels[6000], "\n")
print(table(labels)[c("id0", "id96")])

evens <- integer(0)
for (i in 1:7000) if (i %% 2L == 0L) evens[length(evens) + 1L] <- i
cat(typeof(evens), length(evens), tail(evens, 2), "\n")

# an integer vector grows with a double: the whole vector becomes double
mixed <- integer(0)
for (i in 1:10) mixed[i] <- if (i == 7) i + 0.5 else i
print(mixed)
print(typeof(mixed))

# a gap fills with NA
gap <- c(1, 2)
gap[5] <- 5
print(gap)

# names are kept and extended
named <- c(a = 1)
named[2] <- 2
named[["c"]] <- 3
print(named)

# lists grow with [[ and [
items <- list()
for (k in 1:5000) items[[k]] <- if (k %% 1000 == 0) c(k, -k) else k
cat(length(items), sum(unlist(items[1:10])), items[[3000]], "\n")
small <- list()
small[1] <- 7
small[[2]] <- "b"
small[3] <- list(NULL)
str_of <- vapply(small, function(e) if (is.null(e)) "NULL" else as.character(e), "")
print(str_of)

collect <- function(n) {
  out <- character(0)
  for (i in seq_len(n)) {
    if (i %% 3 == 0) out[length(out) + 1] <- "fizz"
    if (i %% 5 == 0) out[length(out) + 1] <- "buzz"
    out[length(out) + 1] <- as.character(i)
  }
  out
}
for (r in 1:300) res <- collect(60)
cat(length(res), res[1:6], res[length(res)], "\n")

acc <- function(n) {
  v <- c()
  for (i in 1:n) v[i] <- i / 2
  v
}
for (r in 1:200) a <- acc(50)
print(sum(a))
# an alias made before the growth keeps the old vector
x <- 1:3
y <- x
x[4] <- 4L
print(y)
print(x)
