cfg1 = { x = "p", y = 1 }

size = 0
