# substr, substring, strsplit (fixed) and substr<-.
s <- "abcdefghij"
print(substr(s, 3, 5))
print(substr(s, 8, 20))
print(substr(s, 0, 2))
print(substr(s, 5, 4))
print(substr(c("hello", "world"), 2, 3))
print(substring(s, 1:3, 3:5))
print(substring(s, 8))
print(substring("abc", 1:3, 1:3))
print(strsplit("a,b,c", ",", fixed = TRUE))
print(strsplit(c("a b", "c d e"), " ", fixed = TRUE))
print(strsplit("abc", ""))
print(strsplit("a,,b", ",", fixed = TRUE))
print(strsplit("a.b.c", ".", fixed = TRUE)[[1]])
print(unlist(strsplit("2023-01-15", "-", fixed = TRUE)))
print(as.integer(strsplit("1 2 3", " ", fixed = TRUE)[[1]]))
x <- "hello"
substr(x, 1, 1) <- "J"
print(x)
print(strsplit(c(a = "x-y"), "-", fixed = TRUE))
print(strsplit("", " ", fixed = TRUE))
print(substr(NA, 1, 2))
