# scan() on an open connection reads only the items it returns: the rest
# of a partly read line stays for the next scan() or readLines(), as in the
# shootout's knucleotide, which reads its input one word at a time.
path <- tempfile(fileext = ".txt")
writeLines(c(">ONE Homo sapiens alu", "GGCCGGGCGCGGTGGCTCAC", "gccgggcgcggtggctca",
             ">TWO IUB ambiguity codes", "cttBtatcatatgctaKggNcataaaSatgtaaaDcDRtBggDtctttataattcBgtcg",
             ">THREE Homo sapiens frequency", "aacacttcaccctatcgttcct", "aactaaaggttgtatgtcaac"), path)
con <- file(path, "r")
print(scan(con, what = "", nmax = 1, quiet = TRUE))
print(scan(con, what = "", nmax = 2, quiet = TRUE))
print(readLines(con, n = 1))
rest <- scan(con, what = "", n = 3)
print(rest)
close(con)

# The knucleotide way: skip to the >THREE header, then collect its lines.
con <- file(path, "r")
while (length(line <- scan(con, what = "", nmax = 1, quiet = TRUE))) {
  if (substr(line, 1, 6) == ">THREE") break
}
print(line)
print(readLines(con, n = 1))
seq <- paste(toupper(readLines(con)), collapse = "")
close(con)
print(nchar(seq))
counts <- table(strsplit(seq, "")[[1]])
print(counts)

# Numbers, a separator, and a whole file when the connection is not open.
nums <- tempfile()
writeLines(c("1 2 3", "4 5", "6,7,8"), nums)
con <- file(nums, "r")
print(scan(con, nmax = 4, quiet = TRUE))
print(scan(con, what = 1L, nmax = 1, quiet = TRUE))
print(scan(con, what = "", sep = ",", nmax = 2, quiet = TRUE))
print(readLines(con))
close(con)
print(scan(path, what = "", quiet = TRUE)[1:3])
total <- 0
con <- file(nums, "r")
for (k in 1:5) total <- total + scan(con, nmax = 1, quiet = TRUE)
close(con)
print(total)
unlink(c(path, nums))
