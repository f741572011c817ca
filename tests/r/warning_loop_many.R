# Many warnings in one top-level loop statement (more than 10 are summarised).
for (i in 1:12) warning(paste("warning number", i))
cat("end\n")
