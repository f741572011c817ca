# environment<- needs an environment.
f <- function() 1
e <- new.env()
environment(f) <- e
print(identical(environment(f), e))
adjust <- function(g) {
  environment(g) <- "global"
  g
}
adjust(f)
