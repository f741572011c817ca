# match.arg with explicit choices, called at top level.
print(match.arg("b", c("alpha", "beta")))
match.arg("g", c("alpha", "beta"))
