# Names with dots and underscores, and backticked names.
.x <- 1
my_var <- 2
my.var <- 3
x.1_y <- 4
print(.x + my_var + my.var + x.1_y)
`my var` <- 10
print(`my var` * 2)
`+`(2, 3)
print(`*`(4, 5))
`weird name!` <- function(a) a + 1
print(`weird name!`(41))
l <- list(`a b` = 1, c = 2)
print(l$`a b`)
print(names(l))
`if`(TRUE, print("yes"), print("no"))
