# shQuote() with an unknown shell type (match.arg's error).
shQuote("it's", type = "csh")
shQuote("a", type = "zsh")
