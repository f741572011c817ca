# local(): a new environment whose parent is the current one.
local(x <- 1)
local({a <- 2; a * 3})
exists("a")
x <- 10
local({
  x <- 5
  cat("inside:", x, "\n")
})
x
local({ x <<- 7 })
x
y <- local({
  tmp <- c(3, 1, 2)
  sort(tmp)
})
y
exists("tmp")
v <- local(invisible(42))
v
(local(invisible(42)))
local({ if (x > 100) "big" })
print(local({ if (x > 100) "big" }))

# A counter whose state lives in local()'s environment.
counter <- local({
  n <- 0
  function() {
    n <<- n + 1
    n
  }
})
counter(); counter()
print(counter())

f <- function() {
  y <- 1
  local({
    y <<- 2
    z <- 3
  })
  c(y = y, z_exists = exists("z", inherits = FALSE))
}
f()

g <- function(k) {
  total <- 0
  for (i in seq_len(k)) {
    total <- total + local({
      sq <- i * i
      sq + 1
    })
  }
  total
}
g(4)

# Nested local() calls see each other's variables.
local({
  outer <- "o"
  local({
    inner <- paste(outer, "i")
    print(inner)
  })
})
local(NULL)
local({})
