cfg = { x = "p", y = 1 }

cfg1 = { x = "p", y = 1 }

size = 1
