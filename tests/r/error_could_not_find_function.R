# Calling an undefined function.
foo(1, 2)
