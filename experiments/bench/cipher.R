# Classical ciphers and checksums over a random text: words drawn with
# sample() from a vocabulary, ROT13 with chartr, a Vigenere cipher by
# match() on letters, an XOR stream cipher with a random key (bitwXor), a
# CRC-16/CCITT checksum computed bit by bit (bitwAnd, bitwXor, bitwShiftL), hex
# round trips through sprintf and strtoi, run-length coding of a random bit
# string (rle), and palindromes by rev.default.

vocabulary <- c("level", "radar", "stats", "model", "vector", "matrix", "apply",
                "noon", "refer", "sample", "random", "seed", "kayak", "table",
                "civic", "rotor", "outer", "split", "queue", "chain")

rot13 <- function(s) {
  chartr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
         "nopqrstuvwxyzabcdefghijklmNOPQRSTUVWXYZABCDEFGHIJKLM", s)
}

vigenere <- function(s, key, decrypt = FALSE) {
  chars <- strsplit(s, "")[[1]]
  k <- match(strsplit(key, "")[[1]], letters) - 1
  out <- chars
  j <- 0
  for (i in seq_along(chars)) {
    p <- match(chars[i], letters)
    if (!is.na(p)) {
      shift <- k[j %% length(k) + 1]
      if (decrypt) shift <- -shift
      out[i] <- letters[(p - 1 + shift) %% 26 + 1]
      j <- j + 1
    }
  }
  paste(out, collapse = "")
}

crc16 <- function(bytes) {
  crc <- 0xFFFFL
  for (b in bytes) {
    crc <- bitwXor(crc, bitwShiftL(b, 8L))
    for (k in 1:8) {
      if (bitwAnd(crc, 0x8000L) != 0L) {
        crc <- bitwAnd(bitwXor(bitwShiftL(crc, 1L), 0x1021L), 0xFFFFL)
      } else {
        crc <- bitwAnd(bitwShiftL(crc, 1L), 0xFFFFL)
      }
    }
  }
  crc
}

xor_stream <- function(bytes, key) {
  n <- length(bytes)
  out <- integer(n)
  for (i in seq_len(n)) {
    out[i] <- bitwXor(bytes[i], key[(i - 1L) %% length(key) + 1L])
  }
  out
}

is_palindrome <- function(w) {
  chars <- strsplit(w, "")[[1]]
  identical(chars, rev.default(chars))
}

run <- function() {
  set.seed(1337)
  words <- sample(vocabulary, 160, replace = TRUE)
  text <- paste(words, collapse = " ")
  r13 <- rot13(text)
  back <- rot13(r13)
  v <- vigenere(text, "lemon")
  vback <- vigenere(v, "lemon", decrypt = TRUE)
  bytes <- utf8ToInt(text)
  key <- sample.int(256L, 16L) - 1L
  enc <- xor_stream(bytes, key)
  dec <- xor_stream(enc, key)
  hex <- sprintf("%02x", enc[1:40])
  hex_ok <- identical(strtoi(hex, 16L), enc[1:40])
  bits <- sample(c(0L, 1L), 3000, replace = TRUE, prob = c(0.7, 0.3))
  runs <- rle(bits)
  decoded <- rep.int(runs$values, runs$lengths)
  pal <- vapply(words, is_palindrome, logical(1))
  byte_str <- paste(bits[1:24], collapse = "")
  c(sprintf("rot13 %s ok %s", substr(r13, 1, 23), identical(back, text)),
    sprintf("vigenere %s ok %s", substr(v, 1, 20), identical(vback, text)),
    sprintf("crc %04x %04x", crc16(bytes), crc16(enc)),
    sprintf("xor ok %s hex %s ok %s", identical(dec, bytes),
            paste(hex[1:6], collapse = ""), hex_ok),
    sprintf("rle runs %d longest1 %d ok %s", length(runs$lengths),
            max(runs$lengths[runs$values == 1L]), identical(decoded, bits)),
    sprintf("bits %s = %d", byte_str, strtoi(byte_str, base = 2)),
    sprintf("palindromes %d of %d", sum(pal), length(words)))
}

print(run())
