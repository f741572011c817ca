# a list of records, updated and summarized
make_people <- function(n) {
  people <- vector("list", n)
  for (i in 1:n) people[[i]] <- list(id = i, age = 20 + i %% 50, score = (i * 7) %% 100)
  people
}
older <- function(people) {
  for (i in seq_along(people)) {
    p <- people[[i]]
    p$age <- p$age + 1
    people[[i]] <- p
  }
  people
}
avg_score <- function(people) {
  tot <- 0
  for (p in people) tot <- tot + p$score
  tot / length(people)
}
ppl <- make_people(20000)
for (k in 1:20) ppl <- older(ppl)
print(avg_score(ppl))
print(ppl[[5]]$age)
