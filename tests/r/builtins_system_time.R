# system.time, proc.time, Sys.Date, date(): only deterministic facts are printed.
st <- system.time(for (i in 1:100000) NULL)
class(st)
names(st)
length(st)
st[["elapsed"]] >= 0
st[["user.self"]] >= 0
is.numeric(st)
st2 <- system.time({ x <- 0; for (i in 1:1000) x <- x + i })
x
class(st2)
all(st2 >= 0)
f <- function(n) { s <- 0; for (i in seq_len(n)) s <- s + sqrt(i); s }
times <- numeric(0)
for (k in 1:200) times[k] <- system.time(f(20))[["elapsed"]]
all(times >= 0)
length(times)
p <- proc.time()
class(p)
names(p)
d <- proc.time() - p
class(d)
d[["elapsed"]] >= 0
td <- Sys.Date()
class(td)
nchar(format(td))
grepl("^[0-9]{4}-[0-9]{2}-[0-9]{2}$", format(td))
as.Date("2024-01-15")
format(as.Date("2024-03-01"), "%d/%m/%Y")
as.numeric(as.Date("2000-01-01"))
as.Date("2024-01-15") + 30
d2 <- as.Date(c("2024-02-28", "2024-12-31"))
d2
format(d2, "%A %B %d %Y (day %j)")
class(date())
nchar(date()) == 24
unclass(as.Date(19000, origin = "1970-01-01"))
format(as.Date("1970-01-01"), "%a")
