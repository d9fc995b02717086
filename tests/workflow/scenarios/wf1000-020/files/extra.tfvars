cfg = { x = "p", y = 1 }

name = "beta"
