# complete.cases with no argument that determines the number of cases.
print(complete.cases(NULL, 1:2))
complete.cases(NULL)
