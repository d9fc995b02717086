cfg = { x = "p", y = 1 }
