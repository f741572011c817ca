# Find, Position, Negate; month.name, month.abb
print(Find(function(x) x > 2, 1:5))
print(Find(function(x) x > 2, 1:5, right = TRUE))
print(Find(function(x) x > 10, 1:5))
print(Find(function(x) x > 10, 1:5, nomatch = -1))
print(Find(function(x) x > 1, c(a = 1, b = 2, c = 3)))
print(Find(function(x) length(x) > 1, list(a = 1, b = 1:2, c = 1:3)))
print(Find(function(x) nchar(x) == 3, c("a", "bcd", "efg")))
print(Find(is.character, list(1, "x", TRUE)))
print(Find("is.null", list(1, NULL, 3)))
print(Find(function(x) TRUE, NULL))
print(Position(function(x) x > 2, c(1, 5, 2, 7)))
print(Position(function(x) x > 2, c(1, 5, 2, 7), right = TRUE))
print(Position(function(x) x > 10, 1:3))
print(Position(function(x) x > 10, 1:3, nomatch = 0L))
print(Position("is.null", list(1, NULL, 3)))
print(Position(function(x) x %% 2 == 0, integer(0)))
print(Position(function(x) "TRUE", 1:3))
print(Position(function(x) x, c(0, 0, 3)))
for (s in c("na", "long", "bad")) {
  r <- tryCatch(switch(s,
    na = Position(function(x) NA, 1:3),
    long = Find(function(x) c(TRUE, FALSE), 1:3),
    bad = Negate(1)), error = function(e) conditionMessage(e))
  print(r)
}
notnull <- Negate(is.null)
print(notnull(NULL)); print(notnull(1))
gt <- Negate(function(x, y) x > y)
print(gt(1, 2)); print(gt(3, 2)); print(gt(1:4, 2))
print(Filter(Negate(is.na), c(1, NA, 3, NA, 5)))
print(Negate("is.numeric")("a"))
print(Negate(Negate(isTRUE))(TRUE))
odd <- function(x) x %% 2 == 1
print(Map(Negate(odd), 1:3))
print(sapply(1:6, Negate(odd)))
print(is.function(Negate(odd)))
print(month.name)
print(month.abb)
print(month.abb[c(1, 12)]); print(month.name[6]); print(length(month.name))
print(match("Mar", month.abb)); print(base::month.name[2]); print(nchar(month.name))
print(paste(month.abb, collapse = " "))
print(ls())
shadow <- function() {
  month.abb <- "mine"
  c(month.abb, base::month.abb[1])
}
print(shadow()); print(month.abb[1])
# in compiled code
f <- function(n) {
  s <- 0
  even <- Negate(odd)
  for (i in 1:n) {
    v <- c(i %% 5, i %% 7, i %% 3 + 1, i)
    p <- Position(function(x) x > 2, v, nomatch = 0L)
    q <- Find(even, v, nomatch = -1)
    s <- s + p + q + even(i) + nchar(month.abb[i %% 12 + 1])
  }
  s
}
print(f(330))
