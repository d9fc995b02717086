size = 0
