# An expression evaluator: formulas kept as quoted expressions and
# evaluated in a hot loop with changing variables (lists as environments),
# in environments, and parsed from text.

formulas <- list(
  area = quote(w * h),
  perimeter = quote(2 * (w + h)),
  diagonal = quote(sqrt(w^2 + h^2)),
  ratio = quote(if (h > 0) w / h else NA)
)

total <- setNames(numeric(length(formulas)), names(formulas))
for (i in 1:2000) {
  vars <- list(w = i %% 17 + 1, h = i %% 5)
  for (nm in names(formulas)) {
    v <- eval(formulas[[nm]], vars)
    if (!is.na(v)) total[[nm]] <- total[[nm]] + v
  }
}
print(total)

# The enclosure of a list: variables not in the list come from the caller.
scale <- 10
f <- function(e, data) eval(e, data)
print(f(quote(w * scale), list(w = 3)))
g <- function() {
  scale <- 100
  eval(quote(w * scale), list(w = 3))
}
print(g())

# eval in an environment, and assignments made there.
env <- new.env()
assign("count", 0, envir = env)
step <- quote(count <- count + 1)
for (k in 1:250) eval(step, env)
print(get("count", envir = env))
print(eval(quote(count * 2), env))
evalq(count <- count - 50, env)
print(env$count)

# eval with the caller's frame (envir missing) and parent.frame().
h <- function() {
  local_var <- 42
  eval(quote(local_var + 1))
}
print(h())
k <- function(expr) eval(expr, parent.frame())
m <- function() { zz <- 5; k(quote(zz * zz)) }
print(m())

# Parsed programs: several expressions, the value of the last.
src <- c("a <- 2", "b <- a^10", "b - 24")
print(eval(parse(text = src)))
print(a); print(b)
p <- parse(text = "x + y; x * y")
print(p)
print(length(p)); print(class(p)); print(p[[2]])
res <- sapply(p, function(e) eval(e, list(x = 6, y = 7)))
print(res)

# A tiny calculator: tokens to calls, evaluated.
calc <- function(s) eval(parse(text = s)[[1]])
for (s in c("1 + 2 * 3", "(1 + 2) * 3", "2^10 - 1", "17 %% 5", "sqrt(16) + abs(-3)")) {
  cat(s, "=", calc(s), "\n")
}

# Building an expression then evaluating it many times.
poly <- quote(0)
for (p in 1:4) poly <- call("+", poly, call("*", p, call("^", as.name("x"), p)))
print(poly)
acc <- 0
for (x in seq(0, 1, by = 0.001)) acc <- acc + eval(poly, list(x = x))
print(acc)

# expression() vectors.
ex <- expression(u + 1, u * 2, u^2)
print(ex)
print(sapply(ex, eval, envir = list(u = 3)))
print(vapply(seq_along(ex), function(i) eval(ex[[i]], list(u = i)), numeric(1)))

# str2lang and deparse round trips.
e1 <- str2lang("f(x, y = 2)")
print(e1); print(class(e1))
print(identical(parse(text = deparse(e1))[[1]], e1))
