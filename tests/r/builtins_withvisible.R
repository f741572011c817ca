withVisible(5)
withVisible(invisible(5))
withVisible(x <- 3)
x
withVisible(print("printed first"))
f <- function(v) if (v) invisible("hidden") else "shown"
withVisible(f(TRUE))
withVisible(f(FALSE))
w <- withVisible(f(TRUE))
w$visible
str_w <- names(withVisible(NULL))
str_w
withVisible(x = 1:3)
g <- function(k) {
  r <- withVisible(if (k > 0) k else invisible(-k))
  if (r$visible) r$value else -r$value
}
sapply(c(2, -3, 4), g)
withVisible(suppressWarnings(invisible(as.integer("a"))))
