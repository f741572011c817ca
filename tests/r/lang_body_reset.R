# Benchmark harness style: each run starts by giving its functions a fresh
# body (`body(f) <<- body(f)`), which makes them new functions to a JIT.

execute <- function(n) {
  body(execute) <<- body(execute)
  s <- 0
  for (i in 1:n) s <- s + i %% 7
  s
}
for (it in 1:3) print(execute(20000))

# Several small functions reset at the start of the run, then called from
# each other in a hot loop.
id <- function(x) x
add <- function(a, b) id(a) + id(b)
scale2 <- function(k) add(k, 1L) * 2L
run <- function(n) {
  body(id) <<- body(id)
  body(add) <<- body(add)
  body(scale2) <<- body(scale2)
  total <- 0
  for (i in 1:n) total <- total + scale2(i %% 10L)
  total
}
for (it in 1:4) cat("run", it, ":", run(3000), "\n")

# The functions still deparse and work as before the resets (printed
# functions that ran would show GNU R's <bytecode: ...> line).
print(deparse(id))
print(body(add))
print(scale2(20L))
print(identical(body(add), quote(id(a) + id(b))))

# A function that replaces itself with another body while it runs: the
# running activation goes on with its old code, the next call runs the new.
greet <- function(who) {
  body(greet) <<- quote(paste("hello again,", who))
  paste("hello,", who)
}
print(greet("ann"))
print(greet("bob"))
print(greet("cy"))
print(deparse(greet))

# A local function resetting itself in the frame of the function that made it.
make_worker <- function() {
  work <- function(n) {
    body(work) <<- body(work)
    s <- 0
    for (i in seq_len(n)) s <- s + i * i
    s
  }
  c(work(10), work(20), work(30))
}
print(make_worker())

# A hot loop in which the called function is replaced half-way.
step <- function(i) i
total <- 0
for (i in 1:400) {
  if (i == 201) body(step) <- quote(i * 1000)
  total <- total + step(i)
}
print(total)
