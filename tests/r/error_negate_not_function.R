print(Negate(is.na)(1))
Negate(42)
