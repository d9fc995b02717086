size = 0

name = "gamma-long"
