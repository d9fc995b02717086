size = 3
