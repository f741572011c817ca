# Anonymous functions: function(x) and \(x) lambdas.
sq <- \(x) x^2
print(sq(4))
print(sapply(1:5, \(i) i * 10))
print((\(a, b = 2) a + b)(1))
print((function(x) x - 1)(10))
add <- \(x) \(y) x + y
print(add(3)(4))
print(Map(\(x, y) x * y, 1:3, 4:6))
print(Reduce(\(a, b) a * b, 1:6))
