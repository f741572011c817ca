# Factors: construction, printing, levels, comparison, indexing.
f <- factor(c("b", "a", "c", "a", NA))
f
print(f)
levels(f)
nlevels(f)
as.integer(f)
as.character(f)
as.vector(f)
is.factor(f); is.factor(1:3); is.ordered(f)
class(f); typeof(f); length(f)
attributes(f)
is.na(f)

# Levels given, reordered, labelled.
g <- factor(c("x", "y"), levels = c("y", "x", "z"))
g
as.integer(g)
h <- factor(c(3, 1, 2, 1), labels = c("one", "two", "three"))
h
factor(c("b", "a", "a"), levels = c("a", "b"), labels = c("A", "B"))
factor(c("a", "b", "c"), labels = "grp")
factor(c("a", "b", "a"), levels = c("a", "b"), labels = c("same", "same"))
factor(c(1, 2, NA), exclude = NULL)
factor(c("a", "b", "c", "a"), exclude = "b")
factor(c(10, 2, 3, 2))
factor(c(1.5, 0.25, 1.5))
factor(c(1, NaN, 2, NA, NaN))
factor(c(TRUE, FALSE, NA))
factor(character(0))
factor(NULL)
as.factor(c(10L, 2L, 3L))
as.factor(c("z", "y"))
as.factor(f)

# Printing: wide vectors, many levels, names, ordered factors.
factor(1:30)
factor(paste0("level_number_", 1:20))
factor(c(first = "p", second = "q", third = "p"))
o <- factor(c("lo", "hi", "mid", "lo"), levels = c("lo", "mid", "hi"), ordered = TRUE)
o
is.ordered(o)
ordered(c("s", "m", "l"), levels = c("s", "m", "l"))
list(a = factor("q"), b = 2)

# levels<-, droplevels, relevel.
k <- factor(c("a", "b", "a"))
levels(k) <- c("A", "B")
k
levels(k)[2] <- "Bee"
k
levels(k) <- c("x", "x")
k
d <- factor(c("u", "w"), levels = c("u", "v", "w"))
droplevels(d)
nlevels(droplevels(d))
relevel(factor(c("a", "b", "c")), ref = "c")

# Comparisons: levels compared as strings.
f == "a"
f != "a"
"c" == f
f == f
o > "lo"
o[o >= "mid"]
max(o)
suppressWarnings(f < "b")

# Indexing keeps the levels.
f[2:3]
f[-1]
f[f == "a"]
f[[2]]
f[c(TRUE, FALSE)]
f2 <- f
f2[2] <- "c"
f2
f2[[1]] <- "a"
f2
n <- factor(c(x = "a", y = "b"))
n["y"]
levels(f)[f]

# Conversions through the levels.
paste("level", f)
paste0(g, "!")
sprintf("%s=%d", g, g)
toupper(k)
format(h)
nchar(as.character(h))
as.numeric(as.character(factor(c("1.5", "10", "2"))))
as.numeric(factor(c("1.5", "10", "2")))
f %in% c("a", "b")
match("c", f)
for (lv in factor(c("q", "r", "q"))) cat(lv, "")
cat("\n")
rev(f)
sort(f)
sort(f, decreasing = TRUE)
unique(f)
head(f, 2)
rep(factor(c("m", "n")), 2)
c(factor("a"), factor("b"))
c(f, g)
c(f, "z")
unlist(list(factor("p"), factor(c("q", "p"))))
as.vector(factor(c("a", "b")), "list")
sapply(factor(c("a", "b", "a")), as.character)
