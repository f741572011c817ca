# Linked lists built from nested lists: build, sum, reverse, length.
cons <- function(head, tail) list(head = head, tail = tail)
lst <- NULL
for (i in 1:300) lst <- cons(i, lst)
list_sum <- function(l) { s <- 0; while (!is.null(l)) { s <- s + l$head; l <- l$tail }; s }
list_len <- function(l) { n <- 0L; while (!is.null(l)) { n <- n + 1L; l <- l$tail }; n }
reverse <- function(l) { r <- NULL; while (!is.null(l)) { r <- cons(l$head, r); l <- l$tail }; r }
print(list_sum(lst))
print(list_len(lst))
r <- reverse(lst)
print(r$head)
print(r$tail$tail$head)
take <- function(l, n) { out <- c(); while (n > 0 && !is.null(l)) { out <- c(out, l$head); l <- l$tail; n <- n - 1 }; out }
print(take(lst, 5))
print(take(r, 5))
