# Grouping by factors: table, split, tapply, summary.
sizes <- factor(c("small", "large", "small", "medium", "small"),
                levels = c("small", "medium", "large", "huge"))
table(sizes)
tab <- table(sizes)
names(tab)
tab[["small"]]
as.vector(tab)
summary(sizes)
summary(factor(c("a", "b", "a", NA)))
summary(droplevels(sizes))

weights <- c(1.5, 10, 2, 5.5, 1)
split(weights, sizes)
split(weights, sizes, drop = TRUE)
tapply(weights, sizes, sum)
tapply(weights, sizes, length)
tapply(weights, sizes, function(w) w * 2)
sapply(split(weights, sizes), mean)
lengths_by <- vapply(split(weights, sizes), length, integer(1))
lengths_by

# Splitting a factor gives factors.
split(sizes, c(1, 1, 2, 2, 2))

# Groups in level order, not alphabetical.
grp <- factor(c("z", "a", "z", "m"), levels = c("z", "m", "a"))
split(1:4, grp)
tapply(1:4, grp, sum)
table(grp)

# table() of a factor with NA and of an ordered factor.
table(factor(c("x", NA, "x")))
table(factor(c("x", NA, "x"), exclude = NULL))
table(ordered(c("lo", "hi", "lo"), levels = c("lo", "hi")))

# Counting with a factor in a loop.
counts <- integer(nlevels(sizes))
names(counts) <- levels(sizes)
for (s in sizes) counts[s] <- counts[s] + 1L
counts
