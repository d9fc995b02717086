cfg = { x = "p", y = 1 }

size = 0

name = "beta"
