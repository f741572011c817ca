# gsub with fixed = TRUE and an empty pattern.
print(gsub("", "-", "abc"))
gsub("", "-", "abc", fixed = TRUE)
