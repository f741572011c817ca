# The raw type: charToRaw, rawToChar, as.raw, raw(n), printing, coercion.
r <- charToRaw("Hi there")
r
typeof(r); class(r); mode(r); length(r)
rawToChar(r)
rawToChar(r[1:2])
as.integer(r)
as.numeric(r[1])
as.character(r)
as.logical(as.raw(c(0, 1, 255)))
as.raw(c(1, 255, 16))
as.raw(72L)
raw(3)
raw(0)
is.raw(r); is.raw(1)
c(as.raw(1), as.raw(2))
c(as.raw(1), 5L)
c(as.raw(1), "a")
rev(r)
r[2]
r[[3]]
x <- raw(4); x[2] <- as.raw(255); x
utf8ToInt("A"); intToUtf8(c(72, 105)); intToUtf8(c(72, 105), multiple = TRUE)
as.raw(12) & as.raw(10)
as.raw(12) | as.raw(10)
!as.raw(1)
xor(as.raw(12), as.raw(10))
as.raw(5) == as.raw(5)
r == charToRaw("Hi there")
identical(charToRaw("A"), as.raw(65))
print(as.raw(0:20))
as.raw(0:40)
format(r)
paste(r, collapse = "")
cat(r, "\n")
toupper(paste(as.character(charToRaw("abc")), collapse = " "))
rawToChar(as.raw(c(0x48, 0x65, 0x6c, 0x6c, 0x6f)))
as.integer(charToRaw("hello")) - 96L
rawToChar(as.raw(as.integer(charToRaw("HAL")) + 1L))
list(a = as.raw(1:3))
unique(as.raw(c(1, 1, 2)))
as.raw(1) < as.raw(2)
rawToChar(charToRaw("abc"), multiple = TRUE)
matrix(as.raw(1:6), 2)
tryCatch(as.raw(256), warning = function(w) conditionMessage(w))
tryCatch(as.raw(-1), warning = function(w) conditionMessage(w))
tryCatch(as.raw(NA), warning = function(w) conditionMessage(w))
tryCatch(as.raw(1) + 1, error = function(e) conditionMessage(e))
tryCatch(sum(as.raw(1)), error = function(e) conditionMessage(e))
tryCatch(rawToChar(as.raw(c(65, 0, 66))), error = function(e) conditionMessage(e))
tryCatch(charToRaw(1), error = function(e) conditionMessage(e))
tryCatch(charToRaw(c("a", "b")), warning = function(w) conditionMessage(w))
tryCatch(bitwAnd(as.raw(12), as.raw(10)), error = function(e) conditionMessage(e))
bitwAnd(as.integer(as.raw(12)), 10L)

# A checksum over the bytes of many strings (hot loop)
checksum <- 0L
words <- paste0("word", 1:300)
for (w in words) {
  b <- charToRaw(w)
  checksum <- (checksum * 31L + sum(as.integer(b))) %% 65521L
}
checksum
# Caesar shift through raw bytes
shift <- function(s, k) {
  b <- as.integer(charToRaw(s))
  up <- b >= 65L & b <= 90L
  b[up] <- (b[up] - 65L + k) %% 26L + 65L
  rawToChar(as.raw(b))
}
shift("HELLO WORLD", 3)
shift(shift("HELLO WORLD", 3), 23)

# hexmode
as.hexmode(255)
format(as.hexmode(255))
format(as.hexmode(c(1, 16, 255)))
as.hexmode(c(10, 11))
format(as.hexmode(10), width = 4)
as.integer(as.hexmode("1f"))
class(as.hexmode(1))
hex <- character(256)
for (i in 1:256) hex[i] <- format(as.hexmode(i - 1), width = 2)
hex[c(1, 11, 17, 256)]
paste(hex[66:75], collapse = " ")
bytes <- raw(0)
for (i in 1:200) bytes <- c(bytes, as.raw(i %% 256))
length(bytes); bytes[195:200]
