# combn() with more elements asked for than there are, from nested calls.
pairs_of <- function(v, k) combn(v, k)
all_pairs <- function(v) pairs_of(v, 3)
print(all_pairs(1:4))
all_pairs(1:2)
