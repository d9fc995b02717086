size = 1
