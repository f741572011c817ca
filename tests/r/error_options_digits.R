print(getOption("digits"))
options(digits = 0)
