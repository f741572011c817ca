# rowsum() with a grouping of the wrong length (rowsum.default's check).
rowsum(c(1, 2, 3), c("a", "b", "a"))
rowsum(c(1, 2, 3), c("a", "b"))
