# Fast paths of vectorised builtins (grouping, logical subsets, mean,
# any/all, max.col, matrix blocks, vector arithmetic) against their edge
# cases: NA, NaN, -0, Inf, names, dims, empty vectors, integer vs double.

# grouping: tapply / split / table on integers, doubles and strings
g_int <- c(3L, -2L, NA, 3L, 7L, -2L, 0L)
print(table(g_int))
print(tapply(1:7, g_int, sum))
print(split(letters[1:7], g_int))
wide <- c(1000000L, -1000000L, 5L, NA, 5L)
print(table(wide))
print(tapply(c(1.5, 2, 3, 4, 5), wide, sum))
print(table(c(0.5, -0, 0, NaN, NA, Inf, -Inf, 0.5, 1e300)))
g_dbl <- c(0.5, -0, 0, 2, NA, Inf, -Inf, 0.5, 1e300)
print(table(g_dbl))
print(tapply(seq_along(g_dbl), g_dbl, length))
print(split(1:9, g_dbl))
lg <- c(TRUE, NA, FALSE, TRUE)
print(table(lg))
print(tapply(1:4, lg, sum))
set.seed(1)
s <- sample(c("b", "a", "c", "a"), 20, replace = TRUE)
s[c(3, 9)] <- NA
print(table(s))
print(tapply(1:20, s, sum))
s2 <- c(paste0("a", 1:3), paste0("a", 3:1), "", "")
print(table(s2))
print(split(seq_along(s2), s2))
print(table(integer(0)))
print(tapply(numeric(0), character(0), sum))
print(split(1:3, c(NA, NA, NA)))

# logical subsets
x <- c(a = 1.5, b = NA, c = -0, d = 4)
print(x[c(TRUE, NA, FALSE, TRUE)])
print(x[c(TRUE, FALSE)])
print(x[x > 0])
print((1:6)[c(FALSE, TRUE, NA)])
print(letters[1:5][c(TRUE, FALSE, TRUE, FALSE, NA)])
print(numeric(0)[logical(0)])
print(list(1, "a", TRUE)[c(TRUE, NA, TRUE)])

# mean
print(mean(c(1, NA, 3)))
print(mean(c(1, NA, 3), na.rm = TRUE))
print(mean(c(1, NaN, 3), na.rm = TRUE))
print(mean(c(NaN, NA), na.rm = TRUE))
print(mean(numeric(0)))
print(mean(c(1L, 2L, 4L)))
print(mean(c(TRUE, FALSE, NA), na.rm = TRUE))
print(mean(c(1e308, 1e308, -1e308)))
print(mean(c(Inf, -Inf)))
print(mean(c(0.1, 0.2, 0.3, 0.4)) == 0.25)

# any / all
print(all(TRUE, NA))
print(any(FALSE, NA))
print(all(c(TRUE, NA, FALSE)))
print(any(NA, TRUE))
print(all(NULL, 1L, 2L))
print(any(0L, NA_integer_))
print(all(logical(0)))
print(any(logical(0)))
print(all(c(TRUE, NA), na.rm = TRUE))
print(any(c(1.5, 0)))
print(all(FALSE, "a"))
print(all(TRUE, 1:3 > 0, matrix(TRUE, 2, 2)))

# max.col
m <- matrix(c(1, 5, 5, NaN, 2, 5, 5, 0, 3, -Inf, 5, 1), 4, 3)
print(max.col(m, ties.method = "first"))
print(max.col(m, ties.method = "last"))
print(max.col(matrix(-Inf, 2, 2), ties.method = "first"))
print(max.col(matrix(c(1L, NA, 3L, 2L), 2), ties.method = "last"))
print(max.col(matrix(numeric(0), 3, 0), ties.method = "first"))
print(max.col(c(TRUE, FALSE), ties.method = "first"))

# matrix blocks
mm <- matrix(1:12, 3, 4, dimnames = list(c("r1", "r2", "r3"), c("A", "B", "C", "D")))
print(mm[c(3, 1), ])
print(mm[, c(4, 2)])
print(mm[c(1, NA), 2:3])
print(mm[2, ])
print(mm[2, , drop = FALSE])
print(mm[-1, c(TRUE, FALSE)])
print(mm["r2", c("D", "A")])
print(dim(mm[integer(0), ]))
lm <- matrix(c(TRUE, NA, FALSE, TRUE), 2)
print(lm[c(2, 1, 2), c(2, 2)])
cm <- matrix(c("x", NA, "z", "w"), 2)
print(cm[2:1, ])

# vector arithmetic
a <- c(1, NA, NaN, Inf, -0, 2)
b <- c(NaN, 1, NA, -Inf, 0, 3)
print(a + b)
print(b - a)
print(a * b)
print(a / b)
print(c(0, 1, -1) / 0)
print(a^2)
print(c(x = 2, y = 3) * 1:2)
print(matrix(1:4, 2) + 0.5)
print(1:6 + c(10L, NA))
print(c(.Machine$integer.max, 1L) + 1L)
print(c(-.Machine$integer.max, 5L) - 1:2)
print(c(TRUE, FALSE, NA) + c(TRUE, TRUE, TRUE))
print(integer(0) - 1L)

# matrix element assignment
dm <- matrix(c(1.5, 2, 3, 4), 2, dimnames = list(c("a", "b"), c("x", "y")))
dm[2, 1] <- 7L
dm[1, 2] <- NA_integer_
dm[2, 2] <- NA
print(dm)
im <- matrix(1:6, 2)
im[1, 3] <- 10L
im[2, 2] <- 2.5
print(im)
lm2 <- matrix(TRUE, 2, 2)
lm2[2, 1] <- NA
lm2[1, 2] <- 3L
print(lm2)
sm <- matrix(letters[1:4], 2)
sm[2, 2] <- "z"
print(sm)
im2 <- im
im2[1, 1] <- 0
print(im[1, 1])
r <- tryCatch({ im[3, 1] <- 1L; "no error" }, error = function(e) conditionMessage(e))
print(r)

# bit operations on integer scalars
print(c(bitwAnd(12L, 10L), bitwOr(12L, 10L), bitwXor(-1L, 5L)))
print(c(bitwAnd(NA_integer_, 1L), bitwXor(3L, NA_integer_)))
print(c(bitwShiftL(1L, 30L), bitwShiftL(1L, 31L), bitwShiftL(1L, 32L), bitwShiftR(-1L, 28L)))
print(bitwAnd(5L, 3))
print(bitwAnd(a = 6L, b = 3L))
