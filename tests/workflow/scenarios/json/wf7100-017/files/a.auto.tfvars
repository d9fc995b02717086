size = 3

cfg1 = { x = "p", y = 1 }
