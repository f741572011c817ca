# Error from a builtin: non-numeric argument to mathematical function.
print(log(10))
log(-1:"a")
