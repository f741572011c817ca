# An uncaught syntax error in parse(text = ): the position, the text around
# it and a caret, after the statements before it ran.
run <- function(code) eval(parse(text = code))
print(run("1 + 2 * 3"))
print(run(c("x <- 10", "x / 4")))
run(c("y <- 2", "y +* 3"))
