# Non-numeric argument to binary operator at top level.
"a" + 1
