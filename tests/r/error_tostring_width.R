# toString() with a negative width.
toString(1:10, width = 8)
toString(1:10, width = -1)
