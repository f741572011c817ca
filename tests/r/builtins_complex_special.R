vals <- c(complex(real=Inf, imaginary=NaN), complex(real=NaN, imaginary=Inf), complex(real=-Inf, imaginary=NaN),
  complex(real=NA, imaginary=0), complex(real=0, imaginary=NA), complex(real=NaN, imaginary=0), complex(real=0, imaginary=NaN),
  complex(real=Inf, imaginary=0), complex(real=-Inf, imaginary=0), complex(real=Inf, imaginary=Inf), complex(real=-Inf, imaginary=-Inf),
  complex(real=0, imaginary=Inf), complex(real=1, imaginary=-Inf), complex(real=NaN, imaginary=NaN), NA_complex_, 3+4i, -1+0i, 0+0i)
fs <- list(); for (f in c("abs","Mod","Arg","Re","Im","Conj","sqrt","exp","log","sin","cos","tan","sinh","cosh","tanh","asin","acos","atan","log2","log10", "is.na", "is.nan", "is.finite", "is.infinite")) fs[[f]] <- match.fun(f)
for (f in names(fs)) {
  cat(f, ":\n"); print(fs[[f]](vals))
}
# The issue that started this: abs of a complex with an infinite part.
abs(complex(real = Inf, imaginary = NaN))
abs(complex(real = -Inf, imaginary = NA))
Mod(complex(real = NaN, imaginary = -Inf))
m <- matrix(complex(real = c(3, Inf, NaN, 0), imaginary = c(4, 1, 2, -Inf)), 2)
abs(m)
sqrt(c(a = -4+0i, b = 0-4i))
log(-1+0i)
log(8+0i, base = 2)
log(complex(real = NaN, imaginary = 1), 2)
f <- function(z) sin(z)
f(complex(real = Inf, imaginary = 0))
exp(complex(real = 1, imaginary = pi))
tan(complex(real = 1, imaginary = 30))
asin(2+0i); acos(-3+0i); atan(0+2i)
