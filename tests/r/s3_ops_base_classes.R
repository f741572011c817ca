# User methods for one class leave base R's classed objects alone: factors,
# dates, tables and noquote keep their own behaviour.
"+.money" <- function(e1, e2) structure(unclass(e1) + unclass(e2), class = "money")
Ops.tag <- function(e1, e2) paste("tag", .Generic)
"[.money" <- function(x, i) structure(unclass(x)[i], class = "money")
length.money <- function(x) 100L

f <- factor(c("lo", "hi", "lo", "mid"), levels = c("lo", "mid", "hi"))
print(f == "lo")
print(f != "hi")
print(f[2:3])
print(f[[4]])
print(length(f))
r <- tryCatch(f + 1, warning = function(w) conditionMessage(w))
print(r)
o <- factor(c("S", "L", "M"), levels = c("S", "M", "L"), ordered = TRUE)
print(o < "L")

d <- as.Date("2024-03-01")
print(d + 30)
print(d - 1)
print(d > as.Date("2024-02-28"))
print(format(d + 2, "%d %b"))

tb <- table(c("a", "b", "a", "c", "a"))
print(tb[["a"]])
print(tb * 2)
print(tb == 1)

nq <- noquote(c("x", "y", "z"))
print(nq[2:3])

m <- structure(c(1, 2, 3), class = "money")
print(unclass(m + m))
print(unclass(m[2:3]))
print(length(m))
print(structure(1, class = "tag") * 3)
print(unclass(structure(5, class = "other") + 1))
